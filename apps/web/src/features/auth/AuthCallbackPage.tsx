import { AUTH_CALLBACK_ERROR_REDIRECT_MS } from '@omnia/contracts/constants';
import { ERRORS, type ErrorCode } from '@omnia/contracts/errors';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, errorText, message } from '@/lib/messages';
import { profileQuery } from '@/lib/profile';
import { AuthShell } from './components/AuthShell';
import { VerifyLink } from './VerifyLink';

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** The words for an error code of the verification link, or the generic failure for anything else. */
function callbackErrorText(code: string | null): string | null {
  if (code === null) return null;
  return isErrorCode(code) ? errorText(code) : message('authCallbackFailure');
}

/**
 * Target of the verification link. With its `token`, the link's page (VerifyLink) waits for the
 * person's button; once signed in (or with no token: an older link's landing), it continues to the
 * dashboard or the next onboarding step.
 */
export function AuthCallbackPage() {
  useScreenTitle('authCallback');
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session, loading, refresh } = useAuth();
  const queryClient = useQueryClient();
  // The server names an error by its code; anything else in the URL is not ours to show.
  const [error, setError] = useState<string | null>(() => callbackErrorText(params.get('error')));
  const token = params.get('token');
  // The link's button has signed this browser in: continue as after any sign-in.
  const [signedInHere, setSignedInHere] = useState(false);
  const waiting = token !== null && !signedInHere;

  useEffect(() => {
    if (error) {
      const timer = setTimeout(() => navigate('/login', { replace: true }), AUTH_CALLBACK_ERROR_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (loading || waiting) return;
    let cancelled = false;
    (async () => {
      try {
        const current = session ?? (await refresh());
        if (cancelled) return;
        if (!current) return navigate('/login', { replace: true });
        // A finished identity (full name and username) goes to the dashboard; else step 2.
        const profile = await queryClient.fetchQuery(profileQuery(current.user.id));
        const done = Boolean(profile.full_name && profile.username);
        if (!cancelled) navigate(done ? '/dashboard' : '/signup/identity', { replace: true });
      } catch (err) {
        if (!cancelled) setError(errorMessage(err, 'authCallbackFailure'));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [error, loading, waiting, session, refresh, navigate, queryClient]);

  if (error) {
    return (
      <AuthShell
        title={t('callback.errorTitle')}
        above={<AlertTriangle className="mx-auto mb-2 size-12 text-destructive" aria-hidden="true" />}
      >
        <div className="space-y-2 text-center">
          <p role="alert">{error}</p>
          <p className="text-sm text-muted-foreground">{t('callback.redirecting')}</p>
        </div>
      </AuthShell>
    );
  }
  if (waiting) {
    return (
      <AuthShell title={t('callback.title')}>
        <VerifyLink token={token} onSignedIn={() => setSignedInHere(true)} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('callback.title')}>
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    </AuthShell>
  );
}
export { AuthCallbackPage as Component };
