import { actsForPeople, isPublicAppType, redirectsBack } from '@omnia/contracts/constants';
import type { OAuthClient, RotateResponse } from '@omnia/contracts/developer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '@/components/ui/app-logo';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { StatusBadge } from '../components/StatusBadge';
import { useCopy } from '../use-copy';
import { AppLinksSection } from './AppLinksSection';
import { BackchannelLogoutUri } from './BackchannelLogoutUri';
import { CopyButton } from './CopyButton';
import { DeleteClientDialog } from './DeleteClientDialog';
import { DeviceSignIn } from './DeviceSignIn';
import { EditClientDialog } from './EditClientDialog';
import { PendingChangeNotice } from './PendingChangeNotice';
import { PostLogoutUris } from './PostLogoutUris';
import { PreviousSecret } from './PreviousSecret';
import { RotateSecretDialog } from './RotateSecretDialog';
import { SecretField } from './SecretField';
import { ServiceCalls } from './ServiceCalls';
import { SettingSwitch } from './SettingSwitch';
import { UriList } from './UriList';
import { WebOrigins } from './WebOrigins';

export function ClientDetailsCard({
  client,
  onRotated,
  onSettingsSaved,
  onDeleted,
  owner,
}: {
  client: OAuthClient;
  /** Only the owner deletes the app (a member manages the rest). */
  owner: boolean;
  onRotated(result: RotateResponse): void;
  /** The settings or the details were saved: the client as stored. */
  onSettingsSaved(client: OAuthClient): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('developer');
  const { copied, copy } = useCopy();
  const [secret, setSecret] = useState<string | null>(null);
  const idLabel = t('detail.clientId');
  const secretLabel = t('detail.clientSecret');

  return (
    <Card data-testid="client-details">
      <CardHeader className="flex-row items-start gap-4">
        <AppLogo src={client.logo_url} alt={t('card.logoAlt', { name: client.name })} size="lg" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words">{client.name}</h1>
            <StatusBadge status={client.status} />
            <Badge variant="outline" data-testid="app-type">
              {t(`appTypes.${client.app_type}.name`)}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">{client.description || t('detail.noDescription')}</p>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {client.pending_change ? (
          <PendingChangeNotice
            change={client.pending_change}
            current={[...client.redirect_uris, ...client.post_logout_redirect_uris]}
          />
        ) : null}
        <section className="space-y-4 rounded-lg border border-border p-4">
          <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('detail.credentials')}
          </h2>
          <div className="space-y-1.5">
            <div className="text-sm font-medium">{idLabel}</div>
            <div className="flex items-center gap-2">
              <code
                data-testid="client-id"
                className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-border bg-muted/40 px-3 font-mono text-xs whitespace-nowrap"
              >
                {client.client_id}
              </code>
              <CopyButton
                label={idLabel}
                copied={copied === 'id'}
                onCopy={() => copy('id', client.client_id, idLabel)}
              />
            </div>
          </div>
          {isPublicAppType(client.app_type) ? (
            <p className="text-sm text-muted-foreground" data-testid="no-secret">
              {redirectsBack(client.app_type) ? t('detail.noSecret') : t('detail.noSecretDevice')}
            </p>
          ) : (
            <SecretField
              clientId={client.id}
              secret={secret}
              onSecret={setSecret}
              copied={copied === 'secret'}
              onCopy={(value) => copy('secret', value, secretLabel)}
            />
          )}
          {client.previous_secret_expires_at ? (
            <PreviousSecret client={client} onRevoked={onSettingsSaved} />
          ) : null}
        </section>
        {redirectsBack(client.app_type) ? (
          <section className="space-y-2">
            <h2 className="text-sm font-medium">{t('detail.redirectUris')}</h2>
            <UriList uris={client.redirect_uris} />
            {client.app_type === 'native' ? (
              <p className="text-xs text-muted-foreground">{t('detail.loopbackAnyPort')}</p>
            ) : null}
          </section>
        ) : client.app_type === 'service' ? (
          <ServiceCalls />
        ) : (
          <DeviceSignIn />
        )}
        {client.app_type === 'spa' ? <WebOrigins uris={client.redirect_uris} /> : null}
        {actsForPeople(client.app_type) ? (
          <section className="space-y-2">
            <h2 className="text-sm font-medium">{t('detail.scopes')}</h2>
            <div className="flex flex-wrap gap-1.5">
              {client.allowed_scopes.map((scope) => (
                <Badge key={scope} variant="outline">
                  {scope}
                </Badge>
              ))}
            </div>
          </section>
        ) : null}
        <AppLinksSection client={client} />
        {/* A service has no user: no PKCE, no second factor, no sign-out to send anyone back from. */}
        {actsForPeople(client.app_type) ? (
          <section className="space-y-4 rounded-lg border border-border p-4" data-testid="client-settings">
            <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {t('settings.title')}
            </h2>
            {/* A device app redeems no authorization code, so PKCE and logout URIs do not apply. */}
            {redirectsBack(client.app_type) ? (
              <SettingSwitch client={client} setting="require_pkce" onSaved={onSettingsSaved} />
            ) : null}
            <SettingSwitch client={client} setting="require_two_step" onSaved={onSettingsSaved} />
            {redirectsBack(client.app_type) ? (
              <PostLogoutUris client={client} onSaved={onSettingsSaved} />
            ) : null}
            {client.app_type === 'web' ? (
              <BackchannelLogoutUri client={client} onSaved={onSettingsSaved} />
            ) : null}
          </section>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:flex-wrap">
        <EditClientDialog client={client} onSaved={onSettingsSaved} />
        {isPublicAppType(client.app_type) ? null : (
          <RotateSecretDialog
            clientId={client.id}
            previousUntil={client.previous_secret_expires_at}
            onRotated={(result) => {
              setSecret(result.client_secret);
              onRotated(result);
            }}
          />
        )}
        {owner ? <DeleteClientDialog client={client} onDeleted={onDeleted} /> : null}
      </CardFooter>
    </Card>
  );
}
