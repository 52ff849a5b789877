import { useTranslation } from 'react-i18next';

/** How a service gets a token, in place of redirect URIs: client_credentials for one of the APIs. */
export function ServiceCalls() {
  const { t } = useTranslation('developer');
  return (
    <section className="space-y-2" data-testid="service-calls">
      <h2 className="text-sm font-medium">{t('detail.serviceTitle')}</h2>
      <p className="text-xs text-muted-foreground">{t('detail.serviceBody')}</p>
      <code className="block rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap">
        {`POST ${window.location.origin}/oauth2/token\ngrant_type=client_credentials&resource=https://api.example.com&scope=orders:read`}
      </code>
    </section>
  );
}
