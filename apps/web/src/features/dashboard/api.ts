import { API, type ClaimResponse, type ClaimsResponse } from '@omnia/contracts/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Reactions } from '@/lib/mutations';
import { accountKey } from '@/lib/query-keys';

/** The slugs of the services the signed-in person claimed (the server holds them). */
export const claimsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'claims'],
    queryFn: async () => (await api<ClaimsResponse>(API.me.claims)).claims,
    enabled: Boolean(userId),
  });

const claimService = (slug: string) => api<ClaimResponse>(API.me.claims, { method: 'POST', body: { slug } });

/** Claims a service (by its slug); the claims as stored replace the ones read. */
export function useClaimService<TService extends { slug: string }>(
  userId: string | undefined,
  reactions?: Reactions<ClaimResponse, TService>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (service: TService) => claimService(service.slug),
    onSuccess: (...args) => {
      queryClient.setQueryData(claimsQuery(userId).queryKey, args[0].claims);
      return reactions?.onSuccess?.(...args);
    },
  });
}
