import { useQuery } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { activeSessionsQuery, useSignOutOtherSessions, useSignOutSession } from '../api';
import { useDeviceLabel } from './use-known';

/** Where the account is signed in, with 'Sign out' per session and for all the others. */
export function ActiveSessions({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'sessions' });
  const deviceLabel = useDeviceLabel();
  const sessions = useQuery(activeSessionsQuery(userId));
  const signOut = useSignOutSession(userId, {
    onSuccess: () => toast.success(t('signedOut')),
    onError: () => toast.error(t('signOutFailed')),
  });
  const signOutOthers = useSignOutOtherSessions(userId, {
    onSuccess: ({ signed_out }) => toast.success(t('othersSignedOut', { count: signed_out })),
    onError: () => toast.error(t('signOutOthersFailed')),
  });

  if (sessions.isPending) return <Skeleton className="h-16 w-full" />;
  if (sessions.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border" data-testid="active-sessions">
        {sessions.data.map((s) => {
          const Icon = s.device === 'iOS' || s.device === 'Android' ? Smartphone : Laptop;
          return (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-3 py-3 text-sm"
              data-testid="active-session"
            >
              <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {deviceLabel(s)}{' '}
                  {s.current ? (
                    <Badge variant="secondary" className="ml-1">
                      {t('thisDevice')}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {/* The address the session signed in from: a refresh does not move it. */}
                  {t('signedInFrom', { ip: s.ip ?? t('unknownAddress') })} ·{' '}
                  {t('active', { when: formatDateTime(s.last_active_at) })}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={signOut.isPending && signOut.variables === s.id}
                  onClick={() => signOut.mutate(s.id)}
                >
                  {t('signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Button
          variant="outline"
          size="sm"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          {t('signOutOthers')}
        </Button>
      ) : null}
    </div>
  );
}
