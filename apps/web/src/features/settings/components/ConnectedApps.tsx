import type { ConnectedApp } from '@omnia/contracts/developer';
import { useQuery } from '@tanstack/react-query';
import { AppWindow, Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { connectedAppsQuery, useRevokeApp } from '../api';

function AppRow({ app, onRevoke, busy }: { app: ConnectedApp; onRevoke(): void; busy: boolean }) {
  const { t } = useTranslation('settings', { keyPrefix: 'apps' });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="connected-app">
      {app.logo_url ? (
        <img src={app.logo_url} alt="" className="size-10 rounded-md border object-cover" />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-md border bg-muted">
          <AppWindow className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{app.name}</p>
        {app.redirect_host ? (
          <p className="text-xs break-all text-muted-foreground" data-testid="connected-app-host">
            {app.redirect_host}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('authorized', { date: formatDate(app.since) })}</p>
        <ul className="mt-1 space-y-0.5 text-xs" aria-label={t('canLabel')}>
          {app.scopes.map((s) => (
            <li key={s} className="flex items-center gap-1.5">
              <Check className="size-3 shrink-0 text-primary" aria-hidden="true" />
              {t(`scopes.${s}`, { defaultValue: s })}
            </li>
          ))}
        </ul>
        {app.apis.map((api) => (
          <div key={api.identifier} className="mt-1.5 text-xs" data-testid="connected-app-api">
            <p className="font-medium">{t('onApi', { api: api.name })}</p>
            <ul className="space-y-0.5">
              {api.scopes.map((scope) => (
                <li key={scope.name} className="flex items-center gap-1.5">
                  <Check className="size-3 shrink-0 text-primary" aria-hidden="true" />
                  <span className="break-words">{scope.description}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} disabled={busy}>
        {t('revoke')}
      </Button>
    </li>
  );
}

/** Apps the user authorized through the consent screen, with Revoke (grant and its tokens). */
export function ConnectedApps({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'apps' });
  const apps = useQuery(connectedAppsQuery(userId));
  const [asking, setAsking] = useState<ConnectedApp | null>(null);
  const revoke = useRevokeApp(userId, {
    onSuccess: () => {
      toast.success(t('revoked'));
      setAsking(null);
    },
    onError: () => toast.error(t('revokeFailed')),
  });
  if (apps.isPending) return <Skeleton className="h-16 w-full" />;
  if (apps.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  if (apps.data.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-border">
        {apps.data.map((app) => (
          <AppRow
            key={app.client_id}
            app={app}
            busy={revoke.isPending && revoke.variables === app.client_id}
            onRevoke={() => setAsking(app)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t('confirmTitle', { app: asking?.name ?? '' })}
        body={t('confirmBody', { app: asking?.name ?? '' })}
        confirmLabel={t('confirmRevoke')}
        cancelLabel={t('keep')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => asking && revoke.mutate(asking.client_id)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
