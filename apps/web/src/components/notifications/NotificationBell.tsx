import type { Notification } from '@omnia/contracts/notifications';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import {
  NOTIFICATIONS_MUTATION,
  notificationsQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './api';
import { noticeText } from './notice-text';

/** Where every notice leads: the account's sessions, second factors, apps and activity. */
const SECURITY_SETTINGS = '/settings?tab=security';

/**
 * Any other change the person makes (a new password, a passkey, …) may have written a notice:
 * the list is read again after each, so the dot never waits for a reload.
 */
function useRefetchAfterChanges(queryClient: QueryClient, userId: string) {
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.mutation.options.mutationKey?.[0] === NOTIFICATIONS_MUTATION[0]) return;
        void queryClient.invalidateQueries({ queryKey: notificationsQuery(userId).queryKey });
      }),
    [queryClient, userId],
  );
}

/** The app's one style for times in lists (lib/format.ts): 'Nov 24, 2026, 9:05 PM'. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-xs text-muted-foreground">
      {formatDateTime(iso)}
    </time>
  );
}

function Item({ notice, onOpen }: { notice: Notification; onOpen(notice: Notification): void }) {
  const { t } = useTranslation('notifications');
  const { title, body } = noticeText(notice, t);
  const unread = notice.read_at === null;
  return (
    <li>
      <Link
        to={SECURITY_SETTINGS}
        onClick={() => onOpen(notice)}
        data-testid="notification"
        data-unread={unread || undefined}
        className={cn(
          'flex gap-3 rounded-md px-3 py-2.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60',
          unread && 'bg-primary/5',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className={cn('block break-words', unread ? 'font-semibold' : 'font-medium')}>
            {unread ? <span className="sr-only">{t('unread')}: </span> : null}
            {title}
          </span>
          {body ? <span className="block break-words text-muted-foreground">{body}</span> : null}
          <When iso={notice.created_at} />
        </span>
      </Link>
    </li>
  );
}

/**
 * The bell of the top navigation and its panel: the account's security notices, newest first.
 * Opening one (it leads to Settings → Security) marks it read; 'Mark all as read' marks them all.
 * The dot, and the count in the bell's name, show only while something is unread.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQuery(userId));
  const [open, setOpen] = useState(false);
  const headingId = useId();
  useRefetchAfterChanges(queryClient, userId);

  const markFailed = { onError: () => toast.error(t('markFailed')) };
  const markOne = useMarkNotificationRead(userId, markFailed);
  const markAll = useMarkAllNotificationsRead(userId, markFailed);

  const unread = query.data?.unread_count ?? 0;
  const notices = query.data?.notifications ?? [];
  const openNotice = (notice: Notification) => {
    if (notice.read_at === null) markOne.mutate(notice.id);
    setOpen(false);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void query.refetch();
      }}
    >
      <Popover.Trigger
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
        className="relative rounded-full p-2 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            data-testid="unread-dot"
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2 rounded-full bg-destructive ring-2 ring-background"
          />
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1rem))] flex-col rounded-lg border bg-popover text-popover-foreground shadow-lg"
        >
          <div className="flex min-h-12 items-center justify-between gap-2 border-b py-2 pr-2 pl-4">
            <h2 id={headingId} className="text-sm font-semibold">
              {t('title')}
            </h2>
            {unread > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                // Long in some languages ('Alle als gelesen markieren'): it wraps rather than overflow.
                className="h-auto min-h-8 whitespace-normal px-2 py-1 text-right text-primary"
                disabled={markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                {t('markAllRead')}
              </Button>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {query.isPending ? (
              <div role="status" aria-label={t('loading')} className="space-y-2 p-2">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : query.isError && !query.data ? (
              <div className="space-y-2 p-3 text-sm">
                <p>{t('unavailable')}</p>
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            ) : notices.length === 0 ? (
              <p className="p-3 text-sm text-muted-foreground">{t('empty')}</p>
            ) : (
              <ul className="space-y-0.5">
                {notices.map((notice) => (
                  <Item key={notice.id} notice={notice} onOpen={openNotice} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t px-4 py-2">
            <Link
              to={SECURITY_SETTINGS}
              onClick={() => setOpen(false)}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('securitySettings')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
