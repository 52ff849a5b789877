import { API, type InterestsResponse } from '@omnia/contracts/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKey } from '@/lib/query-keys';

/** Every interest one can pick (public). */
export const interestCatalogueQuery = () =>
  queryOptions({
    queryKey: ['interests'],
    queryFn: () => api<InterestsResponse>(API.interests, { auth: false }),
  });

/** The interests the signed-in person picked. */
export const myInterestsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'interests'],
    queryFn: async () => (await api<InterestsResponse>(API.me.interests)).interests,
    enabled: Boolean(userId),
  });

/** Replaces the person's interests; the interests as stored. */
export const saveInterests = async (names: string[]) =>
  (await api<InterestsResponse>(API.me.interests, { method: 'PUT', body: { interests: names } })).interests;
