import type { CancelEmailChangeResponse } from '@omnia/contracts/api';
import { LinkIcon, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { useCancelEmailChange, useResetPassword } from './api';
import { AuthShell } from './components/AuthShell';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * /auth/cancel-email-change?token= — the old address's link: the owner's way back. Opening it
 * changes nothing; the button cancels the change (undone when it was made), ends every session and
 * every app's access, removes second steps added since, and then the owner sets a new password.
 */
export function CancelEmailChangePage() {
  useScreenTitle('cancelEmailChange');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signOut } = useAuth();
  const cancel = useCancelEmailChange(token, {
    // Every session ended on the server, this browser's too: forget it here as well.
    onSuccess: () => void signOut().catch(() => undefined),
  });
  const dead = !token || (cancel.error instanceof ApiError && cancel.error.code === 'invalid_token');
  if (dead) {
    return (
      <AuthShell title={t('emailLink.cancelTitle')}>
        <div className="space-y-5 text-center" data-testid="email-link-state">
          <LinkIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
          <p role="alert">{t('emailLink.dead')}</p>
          <Button asChild variant="brand" className="w-full">
            <Link to="/auth/forgot-password">{t('emailLink.forgot')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  if (cancel.data) return <SecuredAccount result={cancel.data} />;
  return (
    <AuthShell title={t('emailLink.cancelTitle')}>
      <div className="space-y-5 text-center">
        <ShieldCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
        <p>{t('emailLink.cancelIntro')}</p>
        {cancel.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(cancel.error, 'authCallbackFailure')}
          </p>
        ) : null}
        <Button
          variant="brand"
          className="h-auto min-h-9 w-full py-2 whitespace-normal"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? t('emailLink.cancelBusy') : t('emailLink.cancel')}
        </Button>
      </div>
    </AuthShell>
  );
}

/** After the cancel: what became of the address, and the new password. */
function SecuredAccount({ result }: { result: CancelEmailChangeResponse }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  return (
    <AuthShell title={t('emailLink.cancelTitle')}>
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          {result.restored
            ? t('emailLink.restored', { email: result.email })
            : t('emailLink.notRestored', { email: result.email })}
        </p>
        <p className="text-sm text-muted-foreground">{t('emailLink.newPasswordIntro')}</p>
        <NewPasswordForm
          submitLabel={t('reset.submit')}
          busyLabel={t('reset.busy')}
          personal={[result.email]}
          onSubmit={async (password) => {
            try {
              await reset.mutateAsync({ token: result.reset_token, password });
              toast.success(message('resetSuccess'));
              navigate(`/login?login_hint=${encodeURIComponent(result.email)}`, { replace: true });
            } catch (err) {
              toast.error(errorMessage(err, 'resetFailure'));
            }
          }}
        />
      </div>
    </AuthShell>
  );
}

export { CancelEmailChangePage as Component };
