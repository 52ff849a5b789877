import { STORAGE_KEYS } from '@omnia/contracts/constants';
import { SITE_COOKIES } from '@omnia/contracts/pages';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { LEGAL_UPDATED, PageLayout, PageSection } from './components/PageLayout';
import { lifetime } from './duration';

const code = 'rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] text-foreground';

export function CookiesPage() {
  const { t, i18n } = useTranslation('legal');
  const lng = i18n.language;
  return (
    <PageLayout eyebrow={t('cookies.eyebrow')} title={t('cookies.title')} lead={t('cookies.lead')}>
      <p className="leading-relaxed text-muted-foreground">{t('cookies.flags')}</p>

      <PageSection title={t('cookies.listTitle')}>
        <ul className="space-y-4">
          {SITE_COOKIES.map((cookie) => (
            <li
              key={cookie.name}
              data-testid="cookie"
              className="rounded-xl border border-border bg-card p-5 text-sm shadow-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 className="font-mono text-base font-semibold break-all text-foreground">{cookie.name}</h3>
                <span className="text-xs text-muted-foreground">{t(`cookies.setBy.${cookie.setBy}`)}</span>
              </div>
              <p className="mt-2">{t(`cookies.purposes.${cookie.name}`)}</p>
              {cookie.signed ? (
                <p className="mt-1 text-xs">{t('cookies.signed', { name: `${cookie.name}.sig` })}</p>
              ) : null}
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-medium text-foreground">{t('cookies.lifetime')}</dt>
                <dd>{lifetime(cookie.maxAgeSeconds, lng)}</dd>
                <dt className="font-medium text-foreground">{t('cookies.path')}</dt>
                <dd>
                  <code className={`${code} break-all`}>{cookie.path}</code>
                </dd>
                <dt className="font-medium text-foreground">{t('cookies.sameSite')}</dt>
                <dd>{cookie.sameSite}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('cookies.storage.title')}>
        <p>{t('cookies.storage.body')}</p>
        <dl className="space-y-3 rounded-xl border border-border bg-card p-5 text-sm shadow-sm">
          {Object.values(STORAGE_KEYS).map((key) => (
            <div key={key}>
              <dt>
                <code className={code}>{key}</code>
              </dt>
              <dd className="mt-1">{t(`cookies.storage.items.${key}`)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('cookies.storage.token')}</p>
      </PageSection>

      <PageSection title={t('cookies.manage.title')}>
        <p>{t('cookies.manage.body')}</p>
      </PageSection>

      <p className="text-sm text-muted-foreground">
        {t('pages:updated', { date: formatDate(LEGAL_UPDATED, lng) })}
      </p>
    </PageLayout>
  );
}
