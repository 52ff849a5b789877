import { RETENTION_FACTS as R } from '@omnia/contracts/pages';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { LEGAL_UPDATED, PageLayout, PageSection } from './components/PageLayout';
import { duration, lifetime } from './duration';

const ITEMS = [
  'account',
  'profile',
  'sessions',
  'signIns',
  'security',
  'notifications',
  'factors',
  'links',
  'mail',
  'limits',
  'apps',
  'developer',
  'logs',
] as const;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function PrivacyPage() {
  const { t, i18n } = useTranslation('legal');
  const lng = i18n.language;
  const days = (n: number) => duration(n, 'day', lng);
  // The numbers the server keeps to (RETENTION_FACTS), in the reader's language.
  const kept: Record<(typeof ITEMS)[number], Record<string, string>> = {
    account: {},
    profile: {},
    sessions: { idle: days(R.sessionIdleDays), ended: days(R.endedSessionDays) },
    signIns: { days: days(R.sessionLogDays) },
    security: { days: days(R.securityEventDays) },
    notifications: { days: days(R.notificationDays) },
    factors: {},
    links: { days: days(R.emailLinkDays), change: days(R.emailChangeDays) },
    mail: { hours: duration(R.mailHours, 'hour', lng) },
    limits: {
      min: lifetime(R.rateLimitMinutesMin * 60, lng),
      max: lifetime(R.rateLimitMinutesMax * 60, lng),
    },
    apps: {
      grant: days(R.grantDays),
      access: lifetime(R.accessTokenMinutes * 60, lng),
      refresh: days(R.appRefreshTokenDays),
      session: days(R.engineSessionDays),
    },
    developer: { days: days(R.usageEventDays) },
    logs: {},
  };
  const points = t('privacy.summary.points', { returnObjects: true }) as string[];
  const who = ['you', 'apps', 'others', 'operator'] as const;
  return (
    <PageLayout eyebrow={t('privacy.eyebrow')} title={t('privacy.title')} lead={t('privacy.lead')}>
      <section
        aria-labelledby="privacy-summary"
        className="rounded-xl border border-border bg-card p-6 shadow-sm"
      >
        <h2 id="privacy-summary" className="text-lg font-semibold">
          {t('privacy.summary.title')}
        </h2>
        <ul className="mt-3 space-y-2">
          {points.map((point) => (
            <li key={point} className="flex gap-3 text-muted-foreground">
              <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </section>

      <PageSection title={t('privacy.stored.title')}>
        <div className="space-y-4">
          {ITEMS.map((item) => (
            <article key={item} className="rounded-xl border border-border bg-card p-5 text-sm shadow-sm">
              <h3 className="text-base font-semibold text-foreground">
                {t(`privacy.stored.items.${item}.title`)}
              </h3>
              <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[6rem_1fr]">
                <dt className="font-medium text-foreground">{t('privacy.stored.what')}</dt>
                <dd>{t(`privacy.stored.items.${item}.what`)}</dd>
                <dt className="font-medium text-foreground">{t('privacy.stored.why')}</dt>
                <dd>{t(`privacy.stored.items.${item}.why`)}</dd>
                <dt className="font-medium text-foreground">{t('privacy.stored.kept')}</dt>
                <dd>{t(`privacy.stored.items.${item}.kept`, kept[item])}</dd>
              </dl>
            </article>
          ))}
        </div>
      </PageSection>

      <PageSection title={t('privacy.where.title')}>
        <p>{t('privacy.where.body')}</p>
      </PageSection>

      <PageSection title={t('privacy.who.title')}>
        <ul className="list-disc space-y-2 pl-5">
          {who.map((key) => (
            <li key={key}>{t(`privacy.who.${key}`)}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('privacy.choices.title')}>
        <p>{t('privacy.choices.body', { hours: duration(R.mailHours, 'hour', lng) })}</p>
        <Link to="/settings" className={linkClass}>
          {t('privacy.choices.settings')}
        </Link>
      </PageSection>

      <PageSection title={t('privacy.cookies.title')}>
        <p>{t('privacy.cookies.body')}</p>
        <Link to="/cookies" className={linkClass}>
          {t('privacy.cookies.link')}
        </Link>
      </PageSection>

      <p className="text-sm text-muted-foreground">
        {t('pages:updated', { date: formatDate(LEGAL_UPDATED, lng) })}
      </p>
    </PageLayout>
  );
}
