import { API, type Preferences, type Profile } from '@omnia/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

/** The signed-in user's profile; shared by the nav, dashboard, settings and onboarding. */
export function useMyProfile() {
  const { session } = useAuth();
  const userId = session?.user.id;
  return useQuery({
    queryKey: ['profile', userId],
    queryFn: () => api<Profile>(API.me.profile),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

export function useMyPreferences() {
  const { session } = useAuth();
  const userId = session?.user.id;
  return useQuery({
    queryKey: ['preferences', userId],
    queryFn: () => api<Preferences>(API.me.preferences),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}
