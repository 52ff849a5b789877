import { API, type OkResponse, type PendingEmailChangeResponse } from '@omnia/contracts/api';
import type { ChangePasswordInput } from '@omnia/contracts/auth';
import {
  CONNECTED_APPS_API,
  type ConnectedAppsResponse,
  DEVELOPER_API,
  type NewestClientResponse,
} from '@omnia/contracts/developer';
import {
  type ActiveSessionsResponse,
  SECURITY_API,
  type SecurityEventGroup,
  type SecurityEventsResponse,
} from '@omnia/contracts/security';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKey, clientsKey } from '@/lib/query-keys';

/** Where the account is signed in, the current session first. */
export const activeSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'sessions'],
    queryFn: async () => (await api<ActiveSessionsResponse>(SECURITY_API.sessions)).sessions,
  });

/** The account's security activity, newest first, a page at a time. */
/** Every filter's pages of the security activity (to refresh them all after a change). */
export const securityEventsKey = (userId: string) => [...accountKey(userId), 'security-events'] as const;

export const securityEventsQuery = (userId: string, group: SecurityEventGroup | null) =>
  infiniteQueryOptions({
    queryKey: [...securityEventsKey(userId), group ?? 'all'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (pageParam) query.set('before', pageParam);
      if (group) query.set('group', group);
      const search = query.toString();
      return api<SecurityEventsResponse>(search ? `${SECURITY_API.events}?${search}` : SECURITY_API.events);
    },
    getNextPageParam: (last) => last.next_before,
  });

/** Apps the user authorized through the consent screen. */
export const connectedAppsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'connected-apps'],
    queryFn: async () => (await api<ConnectedAppsResponse>(CONNECTED_APPS_API)).apps,
  });

/** SPEC: the Client ID shown is the newest client the user registered. */
export const newestClientQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'newest'],
    queryFn: () => api<NewestClientResponse>(DEVELOPER_API.newest),
    enabled: Boolean(userId),
  });

/** A change of address waiting for the new address's link (shown under the address, with Cancel). */
export const pendingEmailChangeQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'email-change'],
    queryFn: async () => (await api<PendingEmailChangeResponse>(API.me.emailChange)).pending,
  });

export const cancelPendingEmailChange = () => api<void>(API.me.emailChange, { method: 'DELETE' });

export const signOutSession = (id: string) => api<void>(SECURITY_API.session(id), { method: 'DELETE' });

export const signOutOtherSessions = () =>
  api<{ signed_out: number }>(SECURITY_API.signOutOthers, { method: 'POST' });

export const revokeApp = (clientId: string) =>
  api<void>(`${CONNECTED_APPS_API}/${encodeURIComponent(clientId)}`, { method: 'DELETE' });

export const changePassword = (input: ChangePasswordInput) =>
  api<OkResponse>(API.auth.changePassword, { method: 'POST', body: input });
