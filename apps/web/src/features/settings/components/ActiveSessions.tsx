import { type ActiveSessionsResponse, SECURITY_API } from '@omnia/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Laptop, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';

/** Where the account is signed in, with 'Sign out' per session and for all the others. */
export function ActiveSessions({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = ['sessions', userId];
  const sessions = useQuery({
    queryKey: key,
    queryFn: async () => (await api<ActiveSessionsResponse>(SECURITY_API.sessions)).sessions,
  });
  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['security-events', userId] });
  };
  const signOut = useMutation({
    mutationFn: (id: string) => api<void>(SECURITY_API.session(id), { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Session signed out');
      refreshAll();
    },
    onError: () => toast.error('Failed to sign out the session'),
  });
  const signOutOthers = useMutation({
    mutationFn: () => api<{ signed_out: number }>(SECURITY_API.signOutOthers, { method: 'POST' }),
    onSuccess: ({ signed_out }) => {
      toast.success(
        signed_out === 1 ? '1 other session signed out' : `${signed_out} other sessions signed out`,
      );
      refreshAll();
    },
    onError: () => toast.error('Failed to sign out the other sessions'),
  });

  if (sessions.isPending) return <Skeleton className="h-16 w-full" />;
  if (sessions.isError)
    return <p className="text-sm text-muted-foreground">Active sessions are unavailable.</p>;
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
                  {s.device} · {s.os}{' '}
                  {s.current ? (
                    <Badge variant="secondary" className="ml-1">
                      This device
                    </Badge>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {s.ip ?? 'Unknown address'} · active{' '}
                  {formatDistanceToNow(new Date(s.last_active_at), { addSuffix: true })}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={signOut.isPending && signOut.variables === s.id}
                  onClick={() => signOut.mutate(s.id)}
                >
                  Sign out
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
          Sign out all other sessions
        </Button>
      ) : null}
    </div>
  );
}
