import {
  SECURITY_API,
  SECURITY_EVENT_LABELS,
  type SecurityEvent,
  type SecurityEventsResponse,
} from '@omnia/contracts/security';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';

function describe(event: SecurityEvent): string {
  const d = event.detail;
  if (event.kind === 'sign_in') return `${d.device ?? 'Unknown'} · ${d.os ?? 'Unknown'}`;
  if (event.kind === 'sign_in_failed') return `${d.count ?? 1} attempt${d.count === 1 ? '' : 's'}`;
  if (event.kind === 'other_sessions_signed_out') return `${d.count ?? 0} session${d.count === 1 ? '' : 's'}`;
  if (typeof d.app === 'string') return d.app;
  return '';
}

/** The account's security activity, newest first, a page at a time. */
export function SecurityActivity({ userId }: { userId: string }) {
  const events = useInfiniteQuery({
    queryKey: ['security-events', userId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<SecurityEventsResponse>(
        pageParam ? `${SECURITY_API.events}?before=${encodeURIComponent(pageParam)}` : SECURITY_API.events,
      ),
    getNextPageParam: (last) => last.next_before,
  });
  if (events.isPending) return <Skeleton className="h-16 w-full" />;
  if (events.isError)
    return <p className="text-sm text-muted-foreground">Security activity is unavailable.</p>;
  const rows = events.data.pages.flatMap((p) => p.events);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No security activity yet.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border" data-testid="security-activity">
        {rows.map((e) => (
          <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
            <span className={e.kind === 'sign_in_failed' ? 'font-medium text-destructive' : 'font-medium'}>
              {SECURITY_EVENT_LABELS[e.kind] ?? e.kind}
            </span>
            <span className="text-muted-foreground">{describe(e)}</span>
            {e.ip ? <span className="text-muted-foreground">{e.ip}</span> : null}
            <time className="ml-auto text-muted-foreground" dateTime={e.created_at}>
              {format(new Date(e.created_at), 'MMM d, yyyy HH:mm')}
            </time>
          </li>
        ))}
      </ul>
      {events.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
