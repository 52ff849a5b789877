import {
  SECURITY_EVENT_GROUPS,
  type SecurityEvent,
  type SecurityEventGroup,
} from '@omnia/contracts/security';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { securityEventsQuery } from '../api';
import { eventLabelKey } from './event-label';
import { useDeviceLabel } from './use-known';

/** Failures a person should notice: shown in red. */
const ALARMING = new Set<SecurityEvent['kind']>([
  'sign_in_failed',
  'second_step_failed',
  'second_step_abandoned',
  'confirm_failed',
  'account_locked',
  'session_copied',
]);

function describe(
  event: SecurityEvent,
  t: TFunction<'settings', 'activity'>,
  deviceLabel: ReturnType<typeof useDeviceLabel>,
) {
  const d = event.detail;
  if (event.kind === 'sign_in' || event.kind === 'recovery_code_used') return deviceLabel(d);
  if (
    event.kind === 'sign_in_failed' ||
    event.kind === 'second_step_failed' ||
    event.kind === 'second_step_abandoned' ||
    event.kind === 'confirm_failed'
  )
    return t('attempts', { count: Number(d.count ?? 1) });
  if (event.kind === 'other_sessions_signed_out') return t('sessions', { count: Number(d.count ?? 0) });
  if (typeof d.app === 'string') return d.app;
  return '';
}

const GROUPS = Object.keys(SECURITY_EVENT_GROUPS) as SecurityEventGroup[];

/** The account's security activity (sign-ins included), newest first, a page at a time, filterable. */
export function SecurityActivity({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'activity' });
  const [group, setGroup] = useState<SecurityEventGroup | null>(null);
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-1.5">
        <legend className="sr-only">{t('filter')}</legend>
        {[null, ...GROUPS].map((g) => (
          <Button
            key={g ?? 'all'}
            type="button"
            size="sm"
            variant={g === group ? 'secondary' : 'ghost'}
            aria-pressed={g === group}
            className={cn('h-8 rounded-full px-3', g === group && 'font-semibold')}
            onClick={() => setGroup(g)}
          >
            {t(`groups.${g ?? 'all'}`)}
          </Button>
        ))}
      </fieldset>
      <ActivityList userId={userId} group={group} />
    </div>
  );
}

function ActivityList({ userId, group }: { userId: string; group: SecurityEventGroup | null }) {
  const { t } = useTranslation('settings', { keyPrefix: 'activity' });
  const deviceLabel = useDeviceLabel();
  const events = useInfiniteQuery(securityEventsQuery(userId, group));
  if (events.isPending) return <Skeleton className="h-16 w-full" />;
  if (events.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  const rows = events.data.pages.flatMap((p) => p.events);
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">{group ? t('emptyGroup') : t('empty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border" data-testid="security-activity">
        {rows.map((e) => {
          const described = describe(e, t, deviceLabel);
          return (
            <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <span className={ALARMING.has(e.kind) ? 'font-medium text-destructive' : 'font-medium'}>
                {t(`events.${eventLabelKey(e)}`, { defaultValue: e.kind })}
              </span>
              {/* Nothing to say takes no room: a wrapped line starts at the edge. */}
              {described ? <span className="text-muted-foreground">{described}</span> : null}
              {e.ip ? <span className="text-muted-foreground">{e.ip}</span> : null}
              <time className="ml-auto whitespace-nowrap text-muted-foreground" dateTime={e.created_at}>
                {formatDateTime(e.created_at)}
              </time>
              {e.kind === 'second_step_failed' || e.kind === 'second_step_abandoned' ? (
                <p className="basis-full text-xs text-muted-foreground">{t('secondStepHint')}</p>
              ) : null}
            </li>
          );
        })}
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
