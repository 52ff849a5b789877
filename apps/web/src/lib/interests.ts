import { API, type InterestsResponse } from '@omnia/contracts/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Reactions } from '@/lib/mutations';
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

/** Saves the chosen interests: shown chosen at once, put back if the server refuses. */
export function useSaveInterests(userId: string, reactions?: Pick<Reactions<unknown, string[]>, 'onError'>) {
  const queryClient = useQueryClient();
  const key = myInterestsQuery(userId).queryKey;
  return useMutation({
    mutationFn: saveInterests,
    onMutate: async (next: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      const all = queryClient.getQueryData(interestCatalogueQuery().queryKey)?.interests ?? [];
      queryClient.setQueryData(
        key,
        all.filter((i) => next.includes(i.name)),
      );
      return { before };
    },
    onError: (...args) => {
      queryClient.setQueryData(key, args[2]?.before);
      return reactions?.onError?.(...args);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
