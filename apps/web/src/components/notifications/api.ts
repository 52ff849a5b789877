import { API } from '@omnia/contracts/api';
import type { NotificationsReadResponse, NotificationsResponse } from '@omnia/contracts/notifications';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
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

export const markNotificationRead = (id: string) =>
  api<NotificationsReadResponse>(API.me.notificationRead(id), { method: 'POST' });

export const markAllNotificationsRead = () =>
  api<NotificationsReadResponse>(API.me.notificationsReadAll, { method: 'POST' });
