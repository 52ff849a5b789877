import { API, type Preferences, type Profile } from '@omnia/contracts/api';
import type { PreferencesInput } from '@omnia/contracts/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import type { Reactions } from './mutations';
import { accountKey } from './query-keys';

/** A failed read of the profile or preferences is only logged (SPEC §8); the screens keep their fallbacks. */
function logged<T>(what: string, read: () => Promise<T>): () => Promise<T> {
  return () =>
    read().catch((err: unknown) => {
      console.error(`Failed to load ${what}`, err);
      throw err;
    });
}

/** The signed-in user's profile; shared by the nav, dashboard, settings and onboarding. */
export const profileQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'profile'],
    queryFn: logged('profile', () => api<Profile>(API.me.profile)),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });

/** Theme and language as stored for the signed-in user. */
export const preferencesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'preferences'],
    queryFn: logged('preferences', () => api<Preferences>(API.me.preferences)),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });

export const savePreferences = (input: PreferencesInput) =>
  api<Preferences>(API.me.preferences, { method: 'PUT', body: input });

export function useMyProfile() {
  const { session } = useAuth();
  return useQuery(profileQuery(session?.user.id));
}

export function useMyPreferences() {
  const { session } = useAuth();
  return useQuery(preferencesQuery(session?.user.id));
}

/** Saves theme and language; the preferences as stored replace the ones read. */
export function useSavePreferences(
  userId: string | undefined,
  reactions?: Reactions<Preferences, PreferencesInput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: savePreferences,
    onSuccess: (...args) => {
      queryClient.setQueryData(preferencesQuery(userId).queryKey, args[0]);
      return reactions?.onSuccess?.(...args);
    },
  });
}
