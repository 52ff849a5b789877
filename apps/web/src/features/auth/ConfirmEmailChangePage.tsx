import { LinkIcon, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/messages';
import { useConfirmEmailChange } from './api';
import { AuthShell } from './components/AuthShell';

/**
 * /auth/confirm-email?token= — the new address's link of an e-mail change. Opening it changes
 * nothing (mail scanners open links); the button makes the change.
 */
export function ConfirmEmailChangePage() {
  useScreenTitle('confirmEmail');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const confirm = useConfirmEmailChange(token, {
    onSuccess: async () => {
      // The session's copy of the account still names the old address. Ask the refresh, not the
      // render's `user`: a click before the session was restored would see no one signed in.
      if (await refresh()) navigate('/settings?email=changed', { replace: true });
    },
  });
  const dead = !token || (confirm.error instanceof ApiError && confirm.error.code === 'invalid_token');
  if (dead) {
    return (
      <AuthShell title={t('emailLink.confirmTitle')}>
        <div className="space-y-5 text-center" data-testid="email-link-state">
          <LinkIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
          <p role="alert">{t('emailLink.dead')}</p>
          <Button asChild variant="brand" className="w-full">
            <Link to={user ? '/settings' : '/login'}>
              {user ? t('emailLink.settings') : t('link.signIn')}
            </Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('emailLink.confirmTitle')}>
      <div className="space-y-5 text-center">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
        {confirm.isSuccess ? (
          <>
            <p role="status">{t('emailLink.confirmed')}</p>
            <Button asChild variant="brand" className="w-full">
              <Link to="/login">{t('link.signIn')}</Link>
            </Button>
          </>
        ) : (
          <>
            <p>{t('emailLink.confirmIntro')}</p>
            {confirm.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(confirm.error, 'authCallbackFailure')}
              </p>
            ) : null}
            <Button
              variant="brand"
              className="h-auto min-h-9 w-full py-2 whitespace-normal"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {confirm.isPending ? t('emailLink.confirmBusy') : t('emailLink.confirm')}
            </Button>
          </>
        )}
      </div>
    </AuthShell>
  );
}
export { ConfirmEmailChangePage as Component };
