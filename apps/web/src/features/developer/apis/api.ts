import {
  type AllowAppInput,
  type ApiCreatedResponse,
  type ApiListResponse,
  type ApiResponse,
  type ApiSecretResponse,
  type CreateApiInput,
  DEVELOPER_APIS_API,
  type DeleteApiInput,
  type DeveloperApi,
  type UpdateApiInput,
} from '@omnia/contracts/apis';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { accountKey } from '@/lib/query-keys';

/** The person's APIs: every change refreshes everything under this key. */
const apisKey = (userId: string | undefined) => [...accountKey(userId), 'apis'] as const;

export const apiListQuery = (userId: string) =>
  queryOptions({
    queryKey: [...apisKey(userId), 'list'],
    queryFn: async () => (await api<ApiListResponse>(DEVELOPER_APIS_API.apis)).apis,
  });

/** One of the person's APIs; a 404 (missing, or someone else's) is final, not retried. */
export const apiQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...apisKey(userId), 'api', id],
    queryFn: async () => (await api<ApiResponse>(DEVELOPER_APIS_API.api(id))).api,
    enabled: Boolean(userId) && id !== '',
    retry: false,
  });

/** The API as stored after a change: the page shows it, the list is read again. */
function useApiChange<TInput>(
  userId: string | undefined,
  id: string,
  call: (input: TInput) => Promise<DeveloperApi>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(apiQuery(userId, id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...apisKey(userId), 'list'] });
    },
  });
}

export function useCreateApi(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiInput) =>
      api<ApiCreatedResponse>(DEVELOPER_APIS_API.apis, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKey(userId) }),
  });
}

export const useUpdateApi = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useApiChange(userId, id, async (input: UpdateApiInput) =>
    withStepUp(
      async () => (await api<ApiResponse>(DEVELOPER_APIS_API.api(id), { method: 'PATCH', body: input })).api,
    ),
  );

export const useAllowApp = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useApiChange(userId, id, async (input: AllowAppInput) =>
    withStepUp(
      async () => (await api<ApiResponse>(DEVELOPER_APIS_API.access(id), { method: 'PUT', body: input })).api,
    ),
  );

export const useDisallowApp = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useApiChange(userId, id, async (clientId: string) =>
    withStepUp(
      async () =>
        (await api<ApiResponse>(DEVELOPER_APIS_API.accessOf(id, clientId), { method: 'DELETE' })).api,
    ),
  );

export const useRotateApiSecret = (id: string, withStepUp: WithStepUp) =>
  useMutation({
    mutationFn: () =>
      withStepUp(() => api<ApiSecretResponse>(DEVELOPER_APIS_API.rotate(id), { method: 'POST' })),
  });

export function useDeleteApi(userId: string | undefined, id: string, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteApiInput) =>
      withStepUp(() => api<void>(DEVELOPER_APIS_API.api(id), { method: 'DELETE', body: input })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: apiQuery(userId, id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...apisKey(userId), 'list'] });
    },
  });
}
