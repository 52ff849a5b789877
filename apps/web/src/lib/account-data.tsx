import { API, type Preferences, type Profile } from '@omnia/contracts/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { useAuth } from './auth';

/** Query keys of data that belongs to the signed-in person; dropped as soon as nobody is. */
const PER_USER_KEYS = [
  'connected-apps',
  'profile',
  'preferences',
  'claims',
  'session-logs',
  'my-interests',
  'developer',
];

/**
 * SPEC §4: with a user, the profile and preferences are loaded; with no user they are cleared.
 * Rendered once inside the providers, so every screen reads the same cache entries.
 */
export function AccountDataSync() {
  const { user, loading } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (loading) return;
    if (userId) {
      void queryClient.prefetchQuery({
        queryKey: ['profile', userId],
        queryFn: () => api<Profile>(API.me.profile),
        staleTime: 30_000,
      });
      void queryClient.prefetchQuery({
        queryKey: ['preferences', userId],
        queryFn: () => api<Preferences>(API.me.preferences),
        staleTime: 60_000,
      });
      return;
    }
    for (const key of PER_USER_KEYS) queryClient.removeQueries({ queryKey: [key] });
  }, [userId, loading, queryClient]);
  return null;
}
