import { API, type SessionLogsResponse } from '@omnia/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Laptop, Smartphone } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';

/** Recent sign-ins (device, system, address, time), newest first. */
export function SessionLogList({ userId }: { userId: string }) {
  const logs = useQuery({
    queryKey: ['session-logs', userId],
    queryFn: () => api<SessionLogsResponse>(API.me.sessionLogs),
  });
  if (logs.isPending) return <Skeleton className="h-16 w-full" />;
  if (logs.isError) return <p className="text-sm text-muted-foreground">Recent sign-ins are unavailable.</p>;
  if (logs.data.logs.length === 0)
    return <p className="text-sm text-muted-foreground">No sign-ins recorded yet.</p>;
  return (
    <ul className="divide-y divide-border" data-testid="session-logs">
      {logs.data.logs.map((log) => {
        const Icon = log.device === 'iOS' || log.device === 'Android' ? Smartphone : Laptop;
        return (
          <li key={log.id} className="flex items-center gap-3 py-2 text-sm">
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">
              {log.device} · {log.os}
            </span>
            <span className="text-muted-foreground">{log.ip ?? ''}</span>
            <time className="ml-auto text-muted-foreground" dateTime={log.created_at}>
              {format(new Date(log.created_at), 'MMM d, yyyy HH:mm')}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
