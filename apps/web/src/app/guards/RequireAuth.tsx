import type { MessageKey } from '@omnia/contracts/messages';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { message } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';

/** A toast said once as the guard sends the visitor away (one id: a second render adds none). */
function SaidOnLeaving({ messageKey }: { messageKey: MessageKey }) {
  useEffect(() => {
    toast.error(message(messageKey), { id: messageKey });
  }, [messageKey]);
  return null;
}

/**
 * SPEC protected-route guard: a spinner while the session loads; no user -> /login carrying the
 * origin location; an unverified e-mail -> /auth/verification-required carrying the address
 * (switch off with requireVerifiedEmail={false}); with requireProfile, a profile without full name
 * or username -> /signup/identity. `signedOutMessage`: what a visitor with no session is told as
 * they go to /login (SPEC: the onboarding steps say so).
 */
export function RequireAuth({
  children,
  requireVerifiedEmail = true,
  requireProfile = false,
  signedOutMessage,
}: {
  children: ReactNode;
  requireVerifiedEmail?: boolean;
  requireProfile?: boolean;
  signedOutMessage?: MessageKey;
}) {
  const { user, loading, lastEvent } = useAuth();
  const location = useLocation();
  const profile = useMyProfile();
  const profilePending = requireProfile && Boolean(user?.email_confirmed_at) && profile.isPending;
  if (loading || profilePending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner />
      </div>
    );
  }
  // Signing out (here or in another tab) leaves for the home page, not for a login prompt.
  if (!user && lastEvent === 'SIGNED_OUT') return <Navigate to="/" replace />;
  if (!user) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <>
        {signedOutMessage && <SaidOnLeaving messageKey={signedOutMessage} />}
        <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace state={{ from: location }} />
      </>
    );
  }
  if (requireVerifiedEmail && !user.email_confirmed_at) {
    return <Navigate to="/auth/verification-required" replace state={{ email: user.email }} />;
  }
  // A failed profile read lets the page through; the page shows its own fallbacks.
  if (requireProfile && profile.data && !(profile.data.full_name && profile.data.username)) {
    return <Navigate to="/signup/identity" replace />;
  }
  return <>{children}</>;
}
