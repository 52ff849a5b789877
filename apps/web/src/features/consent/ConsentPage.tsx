import type { MessageKey } from '@omnia/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { factorsQuery } from '@/lib/factors';
import { message, serverWords } from '@/lib/messages';
import { useRequestedLanguage } from '@/lib/request-language';
import { consentDetailsQuery, useConsentDecision, useSwitchAccount } from './api';
import { AuthorizationShell } from './components/AuthorizationShell';
import { ConsentCard } from './components/ConsentCard';
import { ReauthCard } from './components/ReauthCard';
import { AuthRequiredState, ErrorState, LoadingState } from './components/StateViews';
import { TwoStepSetupCard } from './components/TwoStepSetupCard';
import { loginHref } from './login-href';
import { plainErrorOf } from './plain-error';

/** SPEC: the server's error_description is preferred when present. */
function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      serverWords(error) ??
      message(error.status === 0 ? 'failedToValidateAuthorization' : 'invalidAuthorizationRequest')
    );
  }
  return message('failedToValidateAuthorization');
}

/** The catalogue message the server answered with, if it was one. */
function messageKeyOf(error: unknown): MessageKey | undefined {
  const key = error instanceof ApiError ? error.descriptionKey : undefined;
  return key?.startsWith('messages:') ? (key.slice('messages:'.length) as MessageKey) : undefined;
}

function decisionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return message('mustBeLoggedInToProceed');
    return serverWords(error) ?? message('failedToProcessConsent');
  }
  return message('unexpectedError');
}

/** /oauth2/consent/:uid — where the engine sends the browser with a pending authorization. */
export function ConsentPage() {
  useScreenTitle('authorize');
  const { uid = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { session, user, loading } = useAuth();
  /**
   * 'Not you? Switch account': sign out here, then sign in as someone else and start this
   * authorization again (restart_url, a server route the sign-in page loads in full). A request
   * the app pushed goes back to the app instead (restart_at_app), whose new request leads to the
   * sign-in. Until the next page opens, the screen stays on 'switching'.
   */
  const switchAccount = useSwitchAccount({
    onSuccess: (_, details) => {
      if (details.restart_at_app) window.location.assign(details.restart_url);
      else navigate(loginHref(details.restart_url, { lng: details.ui_locale }));
    },
    onError: () => toast.error(message('signOutFailure')),
  });
  const switching = switchAccount.isPending || switchAccount.isSuccess;

  const detailsOptions = consentDetailsQuery(uid, user?.id);
  const details = useQuery({ ...detailsOptions, enabled: detailsOptions.enabled && !loading && !switching });
  const data = details.data;
  // Which proof 'Confirm it's you' asks for: a code once the account has a second factor.
  const factors = useQuery({
    ...factorsQuery(user?.id),
    enabled: Boolean(user && (data?.reauthenticate || data?.second_factor)),
  });
  // The application's ui_locales: this screen and the sign-in page it links to open in it.
  useRequestedLanguage(data?.ui_locale);

  const decision = useConsentDecision(uid, {
    onSuccess: (redirectTo) => window.location.assign(redirectTo),
    onError: (error) => {
      toast.error(decisionErrorMessage(error));
      // The app asks for more than the screen showed: it shows what it asks now.
      if (messageKeyOf(error) === 'consentChanged') void details.refetch();
    },
  });
  // The buttons stay disabled while the browser leaves for the application.
  const deciding = decision.isPending || decision.isSuccess;
  const pending = deciding ? (decision.variables?.approved ? 'allow' : 'deny') : null;

  // One decision per screen: a double click (two clicks before the buttons re-render disabled)
  // must not send a second one, which would find the authorization already finished.
  const decided = useRef(false);
  function decide(approved: boolean) {
    if (!session) {
      toast.error(message('mustBeLoggedInToProceed'));
      return;
    }
    if (decided.current || !data) return;
    decided.current = true;
    decision.mutate(
      { approved, details: data },
      {
        onError: () => {
          decided.current = false;
        },
      },
    );
  }

  function startSwitch() {
    if (data) switchAccount.mutate(data);
  }

  // Consent already given for everything asked: straight on to the application.
  const skipTo = data?.redirect_to;
  useEffect(() => {
    if (skipTo) window.location.assign(skipTo);
  }, [skipTo]);

  let body: ReactNode;
  // Signed out for the switch: nothing to show until the sign-in page opens.
  if (skipTo || (switching && !user)) body = <LoadingState />;
  else if (loading || (details.isPending && details.fetchStatus !== 'idle')) body = <LoadingState />;
  else if (details.isError)
    body = (
      <ErrorState text={loadErrorMessage(details.error)} plain={plainErrorOf(messageKeyOf(details.error))} />
    );
  else if (!data?.client) body = <ErrorState text={message('failedToLoadAppInfo')} />;
  else if (!user) {
    const href = loginHref(`${location.pathname}${location.search}`, {
      loginHint: data.login_hint,
      lng: data.ui_locale,
    });
    body = <AuthRequiredState href={href} />;
  } else if (data.reauthenticate || data.second_factor === 'verify') {
    body = (
      <ReauthCard
        withCode={data.second_factor === 'verify' || factors.data?.totp.enabled === true}
        passkeyOnly={
          data.second_factor === 'verify' &&
          factors.data?.totp.enabled === false &&
          (factors.data?.passkeys.length ?? 0) > 0
        }
        client={data.client}
        email={user.email}
        onSwitch={startSwitch}
        switching={switching}
        onConfirmed={details.refetch}
      />
    );
  } else if (data.second_factor === 'setup') {
    body = (
      <TwoStepSetupCard
        client={data.client}
        email={user.email}
        onSwitch={startSwitch}
        switching={switching}
        onCancel={() => decide(false)}
        cancelling={deciding}
      />
    );
  } else {
    body = (
      <ConsentCard
        details={data}
        email={user.email}
        onSwitch={startSwitch}
        switching={switching}
        pending={pending}
        onDecide={decide}
      />
    );
  }

  return <AuthorizationShell>{body}</AuthorizationShell>;
}
export { ConsentPage as Component };
