import { API, type ClaimResponse, type ClaimsResponse } from '@omnia/contracts/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKey } from '@/lib/query-keys';

/** The slugs of the services the signed-in person claimed (the server holds them). */
export const claimsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'claims'],
    queryFn: async () => (await api<ClaimsResponse>(API.me.claims)).claims,
    enabled: Boolean(userId),
  });

export const claimService = (slug: string) =>
  api<ClaimResponse>(API.me.claims, { method: 'POST', body: { slug } });
