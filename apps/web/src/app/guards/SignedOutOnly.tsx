import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '@/lib/auth';

/**
 * A screen for signed-out visitors (/signup): a signed-in person goes to the dashboard (which sends
 * an unverified or unfinished account on to its own step). The screen shows while the session is
 * read, so a visitor never waits for it. /login does the same itself, towards its returnTo (an
 * OAuth interaction's among them), which it alone understands.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (!loading && user) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
