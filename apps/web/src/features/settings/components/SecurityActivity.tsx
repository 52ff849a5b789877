import type { SecurityEvent } from '@omnia/contracts/security';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { securityEventsQuery } from '../api';
import { useDeviceLabel } from './use-known';

function describe(
  event: SecurityEvent,
  t: TFunction<'settings', 'activity'>,
  deviceLabel: ReturnType<typeof useDeviceLabel>,
) {
  const d = event.detail;
  if (event.kind === 'sign_in') return deviceLabel(d);
  if (event.kind === 'sign_in_failed') return t('attempts', { count: Number(d.count ?? 1) });
  if (event.kind === 'other_sessions_signed_out') return t('sessions', { count: Number(d.count ?? 0) });
  if (typeof d.app === 'string') return d.app;
  return '';
}

/** The account's security activity, newest first, a page at a time. */
export function SecurityActivity({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'activity' });
  const deviceLabel = useDeviceLabel();
  const events = useInfiniteQuery(securityEventsQuery(userId));
  if (events.isPending) return <Skeleton className="h-16 w-full" />;
  if (events.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  const rows = events.data.pages.flatMap((p) => p.events);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border" data-testid="security-activity">
        {rows.map((e) => (
          <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
            <span className={e.kind === 'sign_in_failed' ? 'font-medium text-destructive' : 'font-medium'}>
              {t(`events.${e.kind}`, { defaultValue: e.kind })}
            </span>
            <span className="text-muted-foreground">{describe(e, t, deviceLabel)}</span>
            {e.ip ? <span className="text-muted-foreground">{e.ip}</span> : null}
            <time className="ml-auto whitespace-nowrap text-muted-foreground" dateTime={e.created_at}>
              {formatDateTime(e.created_at)}
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
          {t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
