import type { OAuthClient } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';

const LINKS = [
  ['homepage_url', 'links.homepage'],
  ['privacy_url', 'links.privacy'],
  ['terms_url', 'links.terms'],
] as const;

/** The app's pages as the consent screen links them; 'Edit app' changes them. */
export function AppLinksSection({ client }: { client: OAuthClient }) {
  const { t } = useTranslation('developer');
  return (
    <section className="space-y-2" data-testid="client-links">
      <h2 className="text-sm font-medium">{t('links.title')}</h2>
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">
        {LINKS.map(([field, label]) => (
          <div key={field} className="contents">
            <dt className="text-muted-foreground">{t(label)}</dt>
            <dd className="min-w-0 font-mono text-xs break-all sm:self-center">
              {client[field] ? (
                <a
                  href={client[field]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline-offset-4 hover:underline"
                >
                  {client[field]}
                </a>
              ) : (
                <span className="font-sans text-muted-foreground">{t('links.none')}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
