import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from './auth';
import { preferencesQuery, profileQuery } from './profile';
import { ACCOUNT_ROOT } from './query-keys';

/**
 * SPEC §4: with a user, the profile and preferences are loaded; with no user they are cleared.
 * Only the signed-in person's data stays in the cache: signing out, or another account signing in
 * from another tab, drops everyone else's. Rendered once inside the providers.
 */
export function AccountDataSync() {
  const { user, loading } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (loading) return;
    queryClient.removeQueries({ queryKey: ACCOUNT_ROOT, predicate: (q) => q.queryKey[1] !== userId });
    if (!userId) return;
    void queryClient.prefetchQuery(profileQuery(userId));
    void queryClient.prefetchQuery(preferencesQuery(userId));
  }, [userId, loading, queryClient]);
  return null;
}
