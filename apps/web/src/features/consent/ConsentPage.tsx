import { MESSAGES } from '@omnia/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { registerNamespace } from '@/lib/i18n';
import { message, translateMessage } from '@/lib/messages';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ConsentCard } from './components/ConsentCard';
import { AuthRequiredState, ErrorState, LoadingState } from './components/StateViews';
import { ConsentError, fetchConsentDetails, postConsentDecision } from './consent-api';
import { en } from './locales/en';

registerNamespace('consent', en);

function loadErrorMessage(error: unknown): string {
  if (error instanceof ConsentError) {
    if (error.description) return error.description;
    return error.status === 0 ? MESSAGES.failedToValidateAuthorization : MESSAGES.invalidAuthorizationRequest;
  }
  return MESSAGES.failedToValidateAuthorization;
}

function decisionErrorMessage(error: unknown): string {
  if (error instanceof ConsentError) {
    if (error.status === 401) return MESSAGES.mustBeLoggedInToProceed;
    return error.description ?? MESSAGES.failedToProcessConsent;
  }
  return MESSAGES.unexpectedError;
}

/** /oauth2/consent/:uid — where the engine sends the browser with a pending authorization. */
export function ConsentPage() {
  const { uid = '' } = useParams();
  const location = useLocation();
  const { session, user, loading } = useAuth();
  const token = session?.access_token ?? null;
  const [pending, setPending] = useState<'allow' | 'deny' | null>(null);

  // Keyed by the signed-in user, not the token, so a silent token refresh does not refetch.
  const details = useQuery({
    queryKey: ['consent-details', uid, user?.id ?? null],
    queryFn: () => fetchConsentDetails(uid, token),
    enabled: !loading && uid !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  async function decide(approved: boolean) {
    if (!token) {
      toast.error(message('mustBeLoggedInToProceed'));
      return;
    }
    setPending(approved ? 'allow' : 'deny');
    try {
      const { redirect_to } = await postConsentDecision(uid, token, approved);
      if (!redirect_to) throw new ConsentError(500, null);
      // The buttons stay disabled while the browser leaves for the application.
      window.location.assign(redirect_to);
    } catch (error) {
      toast.error(translateMessage(decisionErrorMessage(error)));
      setPending(null);
    }
  }

  // Consent already given for everything asked: straight on to the application.
  const skipTo = details.data?.redirect_to;
  useEffect(() => {
    if (skipTo) window.location.assign(skipTo);
  }, [skipTo]);

  let body: ReactNode;
  if (skipTo) body = <LoadingState />;
  else if (loading || (details.isPending && details.fetchStatus !== 'idle')) body = <LoadingState />;
  else if (details.isError) body = <ErrorState message={loadErrorMessage(details.error)} />;
  else if (!details.data?.client) body = <ErrorState message={MESSAGES.failedToLoadAppInfo} />;
  else if (!user) body = <AuthRequiredState returnTo={`${location.pathname}${location.search}`} />;
  else body = <ConsentCard details={details.data} email={user.email} pending={pending} onDecide={decide} />;

  return <AuthorizationShell>{body}</AuthorizationShell>;
}
export { ConsentPage as Component };
