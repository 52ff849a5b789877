import { API } from '@omnia/contracts/api';
import type {
  Notification,
  NotificationsReadResponse,
  NotificationsResponse,
} from '@omnia/contracts/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Reactions } from '@/lib/mutations';
import { accountKey } from '@/lib/query-keys';

/** The bell's own mutations, told apart from the rest (which may each have written a notice). */
export const NOTIFICATIONS_MUTATION = ['notifications'] as const;

/** The newest notices and the unread count; read again when the window regains focus. */
export const notificationsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'notifications'],
    queryFn: () => api<NotificationsResponse>(API.me.notifications),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

const markNotificationRead = (id: string) =>
  api<NotificationsReadResponse>(API.me.notificationRead(id), { method: 'POST' });

const markAllNotificationsRead = () =>
  api<NotificationsReadResponse>(API.me.notificationsReadAll, { method: 'POST' });

/** After a notice is read: the count as the server gives it, those notices read, then read again. */
function useSettle(userId: string) {
  const queryClient = useQueryClient();
  const queryKey = notificationsQuery(userId).queryKey;
  return (result: NotificationsReadResponse, read: (n: Notification) => boolean) => {
    queryClient.setQueryData(
      queryKey,
      (old) =>
        old && {
          unread_count: result.unread_count,
          notifications: old.notifications.map((n) =>
            n.read_at === null && read(n) ? { ...n, read_at: new Date().toISOString() } : n,
          ),
        },
    );
    void queryClient.invalidateQueries({ queryKey });
  };
}

export function useMarkNotificationRead(
  userId: string,
  reactions?: Reactions<NotificationsReadResponse, string>,
) {
  const settle = useSettle(userId);
  return useMutation({
    ...reactions,
    mutationKey: [...NOTIFICATIONS_MUTATION, 'read'],
    mutationFn: markNotificationRead,
    onSuccess: (...args) => {
      settle(args[0], (n) => n.id === args[1]);
      return reactions?.onSuccess?.(...args);
    },
  });
}

export function useMarkAllNotificationsRead(
  userId: string,
  reactions?: Reactions<NotificationsReadResponse>,
) {
  const settle = useSettle(userId);
  return useMutation({
    ...reactions,
    mutationKey: [...NOTIFICATIONS_MUTATION, 'read-all'],
    mutationFn: markAllNotificationsRead,
    onSuccess: (...args) => {
      settle(args[0], () => true);
      return reactions?.onSuccess?.(...args);
    },
  });
}
