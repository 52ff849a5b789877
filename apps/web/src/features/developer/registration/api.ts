import {
  type AppRegistrationResponse,
  type CreateRegistrationTokenInput,
  REGISTRATION_TOKENS_API,
  type RegistrationTokenCreated,
  type RegistrationTokensResponse,
} from '@omnia/contracts/registration';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { clientsKey } from '@/lib/query-keys';

/** The developer's live registration tokens. */
export const registrationTokensQuery = (userId: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'registration-tokens'],
    queryFn: async () => (await api<RegistrationTokensResponse>(REGISTRATION_TOKENS_API.tokens)).tokens,
    retry: false,
  });

/** A new token (shown once), behind 'Confirm it's you'; the list is read again. */
export function useCreateRegistrationToken(userId: string, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRegistrationTokenInput) =>
      withStepUp(() =>
        api<RegistrationTokenCreated>(REGISTRATION_TOKENS_API.tokens, { method: 'POST', body: input }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationTokensQuery(userId).queryKey }),
  });
}

/** Revokes a token, behind 'Confirm it's you'; the list is read again. */
export function useRevokeRegistrationToken(userId: string, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withStepUp(() => api<undefined>(REGISTRATION_TOKENS_API.token(id), { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationTokensQuery(userId).queryKey }),
  });
}

/** Whether a tool registered this app (RFC 7591), and when; a 404 (not the caller's) is final. */
export const appRegistrationQuery = (userId: string | undefined, appId: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'registration', appId],
    queryFn: () => api<AppRegistrationResponse>(REGISTRATION_TOKENS_API.appRegistration(appId)),
    enabled: Boolean(userId),
    retry: false,
  });

/** Ends the tool's registration access token, behind 'Confirm it's you'; the notice is read again. */
export function useRevokeAppRegistration(userId: string | undefined, appId: string, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withStepUp(() => api<undefined>(REGISTRATION_TOKENS_API.appRegistration(appId), { method: 'DELETE' })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: appRegistrationQuery(userId, appId).queryKey }),
  });
}
