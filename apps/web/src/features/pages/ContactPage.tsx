import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_LINKS } from '@/components/layout/SiteFooter';
import { PageLayout, PageSection } from './components/PageLayout';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
// Inline, so the arrow follows the last word when a long link wraps.
const arrow = 'ml-1 inline size-4 align-[-0.2em]';

export function ContactPage() {
  const { t } = useTranslation('pages');
  return (
    <PageLayout eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')}>
      <PageSection title={t('contact.account.title')}>
        <p>{t('contact.account.body')}</p>
        <ul className="space-y-2">
          <li>
            <Link to="/auth/forgot-password" className={linkClass}>
              {t('contact.account.forgot')}
              <ArrowRight className={arrow} aria-hidden="true" />
            </Link>
          </li>
          <li>
            <Link to="/settings" className={linkClass}>
              {t('contact.account.settings')}
              <ArrowRight className={arrow} aria-hidden="true" />
            </Link>
          </li>
        </ul>
      </PageSection>
      <PageSection title={t('contact.security.title')}>
        <p>{t('contact.security.body')}</p>
      </PageSection>
      <PageSection title={t('contact.developers.title')}>
        <p>{t('contact.developers.body')}</p>
        <Link to="/dev-program/oauth2?tab=documentation" className={linkClass}>
          {t('contact.developers.link')}
          <ArrowRight className={arrow} aria-hidden="true" />
        </Link>
      </PageSection>
      <PageSection title={t('contact.team.title')}>
        <p>{t('contact.team.body')}</p>
        <ul className="flex flex-wrap gap-3">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.key}>
              <a
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium text-foreground transition-colors hover:bg-accent"
              >
                <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
                  <path d={s.path} />
                </svg>
                {t(`footer:${s.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
    </PageLayout>
  );
}
