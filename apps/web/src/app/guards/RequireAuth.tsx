import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * SPEC protected-route guard: a spinner while the session loads; no user -> /login carrying the
 * origin location; an unverified e-mail -> /auth/verification-required carrying the address
 * (switch off with requireVerifiedEmail={false}).
 */
export function RequireAuth({
  children,
  requireVerifiedEmail = true,
}: {
  children: ReactNode;
  requireVerifiedEmail?: boolean;
}) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!user) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace state={{ from: location }} />
    );
  }
  if (requireVerifiedEmail && !user.email_confirmed_at) {
    return <Navigate to="/auth/verification-required" replace state={{ email: user.email }} />;
  }
  return <>{children}</>;
}
