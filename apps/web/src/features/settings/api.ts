import { API, type OkResponse, type PendingEmailChangeResponse } from '@omnia/contracts/api';
import type { ChangeEmailInput, ChangePasswordInput, DeleteAccountInput } from '@omnia/contracts/auth';
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
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import type { Reactions } from '@/lib/mutations';
import { accountKey, clientsKey } from '@/lib/query-keys';

/** Where the account is signed in, the current session first. */
export const activeSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'sessions'],
    queryFn: async () => (await api<ActiveSessionsResponse>(SECURITY_API.sessions)).sessions,
  });

/** The account's security activity, newest first, a page at a time. */
/** Every filter's pages of the security activity (to refresh them all after a change). */
const securityEventsKey = (userId: string) => [...accountKey(userId), 'security-events'] as const;

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

const cancelPendingEmailChange = () => api<void>(API.me.emailChange, { method: 'DELETE' });

const signOutSession = (id: string) => api<void>(SECURITY_API.session(id), { method: 'DELETE' });

const signOutOtherSessions = () =>
  api<{ signed_out: number }>(SECURITY_API.signOutOthers, { method: 'POST' });

const revokeApp = (clientId: string) =>
  api<void>(`${CONNECTED_APPS_API}/${encodeURIComponent(clientId)}`, { method: 'DELETE' });

const changePassword = (input: ChangePasswordInput) =>
  api<OkResponse>(API.auth.changePassword, { method: 'POST', body: input });

const changeEmail = (input: ChangeEmailInput) => api<OkResponse>(API.me.emailChange, { body: input });

const deleteAccount = (input: DeleteAccountInput) =>
  api<void>(API.me.account, { method: 'DELETE', body: input });

/** Everything stored about the account, as the server gives it (saved as one JSON file). */
const exportAccountData = () => api<unknown>(`${API.me.account}/export`);

/** Change email (password, and a fresh second factor when asked); the change then waits under the address. */
export function useChangeEmail(userId: string | undefined, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => withStepUp(() => changeEmail(input)),
    onSuccess: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery(userId).queryKey });
    },
  });
}

/** Delete account (its address typed, the password, and a fresh second factor when asked). */
export const useDeleteAccount = (withStepUp: WithStepUp) =>
  useMutation({ mutationFn: (input: DeleteAccountInput) => withStepUp(() => deleteAccount(input)) });

/** Download your data: 'Confirm it's you' first when the sign-in is not fresh. */
export const useExportAccountData = (withStepUp: WithStepUp) =>
  useMutation({ mutationFn: () => withStepUp(exportAccountData) });

export const useChangePassword = (withStepUp: WithStepUp) =>
  useMutation({
    mutationFn: ({ currentPassword, password }: ChangePasswordInput) =>
      withStepUp(() => changePassword({ currentPassword, password })),
  });

/** Cancel, under the address: the waiting change goes. */
export function useCancelPendingEmailChange(userId: string, reactions?: Reactions<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: cancelPendingEmailChange,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery(userId).queryKey });
      return reactions?.onSuccess?.(...args);
    },
  });
}

/** Revoke: the app's grant and tokens end; it leaves the list. */
export function useRevokeApp(userId: string, reactions?: Reactions<void, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: revokeApp,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: connectedAppsQuery(userId).queryKey });
      return reactions?.onSuccess?.(...args);
    },
  });
}

/**
 * After a sign-out: the sessions, the activity (which now tells of it), and the change of address
 * waiting for its link (it ends with the session that asked for it).
 */
function useRefreshSessions(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: activeSessionsQuery(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: securityEventsKey(userId) });
    void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery(userId).queryKey });
  };
}

export function useSignOutSession(userId: string, reactions?: Reactions<void, string>) {
  const refresh = useRefreshSessions(userId);
  return useMutation({
    ...reactions,
    mutationFn: signOutSession,
    onSuccess: (...args) => {
      refresh();
      return reactions?.onSuccess?.(...args);
    },
  });
}

export function useSignOutOtherSessions(userId: string, reactions?: Reactions<{ signed_out: number }>) {
  const refresh = useRefreshSessions(userId);
  return useMutation({
    ...reactions,
    mutationFn: signOutOtherSessions,
    onSuccess: (...args) => {
      refresh();
      return reactions?.onSuccess?.(...args);
    },
  });
}
