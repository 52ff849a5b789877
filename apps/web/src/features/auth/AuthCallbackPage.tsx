import { AUTH_CALLBACK_ERROR_REDIRECT_MS } from '@omnia/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage, message, serverText } from '@/lib/messages';
import { profileQuery } from '@/lib/profile';
import { AuthShell } from './components/AuthShell';

/** Target of the verification link: the server has already verified and set the session cookie. */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session, loading, refresh } = useAuth();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(params.get('error'));

  useEffect(() => {
    if (error) {
      const timer = setTimeout(() => navigate('/login', { replace: true }), AUTH_CALLBACK_ERROR_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (loading) return;
    let cancelled = false;
    (async () => {
      try {
        const current = session ?? (await refresh());
        if (cancelled) return;
        if (!current) return navigate('/login', { replace: true });
        // A finished identity goes to the dashboard; a new account continues with step 2.
        const profile = await queryClient.fetchQuery(profileQuery(current.user.id));
        if (!cancelled) navigate(profile.username ? '/dashboard' : '/signup/identity', { replace: true });
      } catch (err) {
        if (!cancelled) setError(errorMessage(err, 'authCallbackFailure'));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [error, loading, session, refresh, navigate, queryClient]);

  if (error) {
    return (
      <AuthShell
        title={t('callback.errorTitle')}
        above={<AlertTriangle className="mx-auto mb-2 size-12 text-destructive" aria-hidden="true" />}
      >
        <div className="space-y-2 text-center">
          <p role="alert">{error ? serverText(error) : message('authCallbackFailure')}</p>
          <p className="text-sm text-muted-foreground">{t('callback.redirecting')}</p>
        </div>
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
