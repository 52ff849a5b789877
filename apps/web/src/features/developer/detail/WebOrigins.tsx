import { webOriginsOf } from '@omnia/contracts/redirect-uris';
import { useTranslation } from 'react-i18next';
import { UriList } from './UriList';

/** A single-page app's web origins: the pages that may call the token endpoint (CORS). */
export function WebOrigins({ uris }: { uris: readonly string[] }) {
  const { t } = useTranslation('developer');
  return (
    <section className="space-y-2" data-testid="web-origins">
      <h2 className="text-sm font-medium">{t('detail.webOrigins')}</h2>
      <p className="text-xs text-muted-foreground">{t('detail.webOriginsHint')}</p>
      <UriList uris={webOriginsOf(uris)} />
    </section>
  );
}
