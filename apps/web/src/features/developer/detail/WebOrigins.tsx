import { webOriginsOf } from '@omnia/contracts/redirect-uris';
import { useTranslation } from 'react-i18next';

/** A single-page app's web origins: the pages that may call the token endpoint (CORS). */
export function WebOrigins({ uris }: { uris: readonly string[] }) {
  const { t } = useTranslation('developer');
  return (
    <section className="space-y-2" data-testid="web-origins">
      <h2 className="text-sm font-medium">{t('detail.webOrigins')}</h2>
      <p className="text-xs text-muted-foreground">{t('detail.webOriginsHint')}</p>
      <ul className="space-y-1.5">
        {webOriginsOf(uris).map((origin) => (
          <li
            key={origin}
            className="rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-xs break-all"
          >
            {origin}
          </li>
        ))}
      </ul>
    </section>
  );
}
