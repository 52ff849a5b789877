import type { ConsentDetails } from '@omnia/contracts/developer';
import { isAppPlace } from '@omnia/contracts/redirect-uris';
import { ExternalLink, Globe, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Client = ConsentDetails['client'];

const LINKS = [
  ['homepage_url', 'trust.homepage'],
  ['privacy_url', 'trust.privacy'],
  ['terms_url', 'trust.terms'],
] as const;

/**
 * Where the person goes back to (a website, or an app on their device named by its scheme), and the app's own pages (in a new tab, so the authorization waits
 * here). An app that has published none says so.
 */
export function AppLinks({ client, redirectHost }: { client: Client; redirectHost: string }) {
  const { t } = useTranslation('consent');
  const links = LINKS.filter(([field]) => client[field]);
  const toApp = isAppPlace(redirectHost);
  return (
    <div className="space-y-2 text-xs text-muted-foreground">
      {redirectHost ? (
        <p className="flex items-start gap-2" data-testid="consent-redirect-host">
          {toApp ? (
            <Smartphone aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          ) : (
            <Globe aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          )}
          <span className="min-w-0 break-words">
            {t(toApp ? 'trust.returnToApp' : 'trust.returnTo')}{' '}
            <span className="font-medium text-foreground">{redirectHost}</span>
          </span>
        </p>
      ) : null}
      {links.length ? (
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1"
          aria-label={t('trust.linksLabel', { app: client.name })}
        >
          {links.map(([field, label]) => (
            <li key={field}>
              <a
                href={client[field] ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-foreground underline-offset-4 hover:underline"
              >
                {t(label)}
                <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only">{t('trust.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('trust.noLinks', { app: client.name })}</p>
      )}
    </div>
  );
}
