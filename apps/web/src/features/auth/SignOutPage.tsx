import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { useConfirmSignOut } from './api';
import { AuthShell } from './components/AuthShell';

/**
 * /auth/sign-out — OpenID Connect RP-initiated logout: an application sent the person to the
 * engine's logout endpoint, which asks here. `?done=1` (or nothing to confirm) says it is done.
 */
export function SignOutPage() {
  useScreenTitle('signOut');
  const { t } = useTranslation('signout');
  const [params] = useSearchParams();
  const xsrf = params.get('xsrf');
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = useConfirmSignOut({
    onSuccess: (next) => window.location.assign(next),
    // An expired question, or what went wrong on the way (the question still stands): a lost
    // connection by name, anything else in our words (the engine's own are English only).
    onError: (err) => {
      if (!(err instanceof ApiError)) setFailed(t('failed'));
      else setFailed(err.status === 0 ? errorMessage(err, 'unexpectedError') : message('unexpectedError'));
    },
  });
  // The buttons stay disabled while the browser leaves.
  const leaving = confirm.isPending || confirm.isSuccess;
  const busy = leaving ? (confirm.variables?.logout ? 'yes' : 'no') : null;

  function answer(logout: boolean) {
    if (xsrf) confirm.mutate({ xsrf, logout });
  }

  if (!xsrf || params.get('done')) {
    return (
      <AuthShell
        title={t('doneTitle')}
        above={<LogOut className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
      >
        <div className="space-y-3 text-center">
          <p className="text-muted-foreground">{t('doneBody')}</p>
          <Button asChild variant="brand" className="w-full">
            <Link to="/login">{t('signIn')}</Link>
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to="/">{t('home')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title={t('title')}
      above={<LogOut className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
    >
      <div className="space-y-3 text-center">
        <p className="text-muted-foreground">{t('body')}</p>
        {failed && (
          <p role="alert" className="text-sm text-destructive">
            {failed}
          </p>
        )}
        <Button variant="brand" className="w-full" disabled={busy !== null} onClick={() => answer(true)}>
          {busy === 'yes' ? t('busy') : t('confirm')}
        </Button>
        <Button variant="outline" className="w-full" disabled={busy !== null} onClick={() => answer(false)}>
          {t('stay')}
        </Button>
      </div>
    </AuthShell>
  );
}
export { SignOutPage as Component };
