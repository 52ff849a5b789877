import type { ConnectedApp } from '@omnia/contracts/developer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppWindow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { connectedAppsQuery, revokeApp } from '../api';

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
        <p className="text-xs text-muted-foreground">{t('authorized', { date: formatDate(app.since) })}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          {app.scopes.map((s) => (
            <Badge key={s} variant="secondary" title={t(`scopes.${s}`, { defaultValue: '' }) || undefined}>
              {s}
            </Badge>
          ))}
        </div>
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
  const queryClient = useQueryClient();
  const apps = useQuery(connectedAppsQuery(userId));
  const revoke = useMutation({
    mutationFn: revokeApp,
    onSuccess: () => {
      toast.success(t('revoked'));
      void queryClient.invalidateQueries({ queryKey: connectedAppsQuery(userId).queryKey });
    },
    onError: () => toast.error(t('revokeFailed')),
  });
  if (apps.isPending) return <Skeleton className="h-16 w-full" />;
  if (apps.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  if (apps.data.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-border">
      {apps.data.map((app) => (
        <AppRow
          key={app.client_id}
          app={app}
          busy={revoke.isPending && revoke.variables === app.client_id}
          onRevoke={() => revoke.mutate(app.client_id)}
        />
      ))}
    </ul>
  );
}
