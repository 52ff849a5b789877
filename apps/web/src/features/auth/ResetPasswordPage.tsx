import type { ResetLinkState } from '@omnia/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { resetLinkQuery, useResetPassword } from './api';
import { AuthShell } from './components/AuthShell';
import { NewPasswordForm } from './components/NewPasswordForm';

type Unusable = Exclude<ResetLinkState, 'valid'> | 'missing';

export function ResetPasswordPage() {
  useScreenTitle('resetPassword');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Asked once, on arrival: a link that cannot work says so before anyone types a password. A
  // failed check (network, rate limit) leaves the judgement to the reset itself.
  const link = useQuery(resetLinkQuery(token));
  const unusable: Unusable | null = !token
    ? 'missing'
    : link.data && link.data.state !== 'valid'
      ? link.data.state
      : null;
  return (
    <AuthShell title={t('reset.title')}>
      {unusable ? (
        <UnusableLink state={unusable} />
      ) : link.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground"
        >
          <Spinner />
          {t('reset.checking')}
        </p>
      ) : (
        <ResetForm token={token} onLinkRefused={() => void link.refetch()} />
      )}
    </AuthShell>
  );
}

/** Why the link cannot work, and the way to a new one. */
function UnusableLink({ state }: { state: Unusable }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-5 text-center" data-testid="reset-link-state">
      <LinkIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
      <p role="alert" className="text-foreground">
        {t(`reset.${state}`)}
      </p>
      <Button asChild variant="brand" className="w-full">
        <Link to="/auth/forgot-password">{t('reset.requestNew')}</Link>
      </Button>
      <Link to="/login" className="inline-block text-sm font-medium text-primary hover:underline">
        {t('forgot.back')}
      </Link>
    </div>
  );
}

function ResetForm({ token, onLinkRefused }: { token: string; onLinkRefused(): void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const reset = useResetPassword();
  return (
    <NewPasswordForm
      submitLabel={t('reset.submit')}
      busyLabel={t('reset.busy')}
      onSubmit={async (password) => {
        try {
          await reset.mutateAsync({ token, password });
          // The reset ended every session of the account. A refresh finds out whether this
          // browser held one (even one not yet restored when the form was sent) and forgets it.
          await refresh();
          toast.success(message('resetSuccess'));
          navigate('/login', { replace: true });
        } catch (err) {
          toast.error(errorMessage(err, 'resetFailure'));
          // The link ran out (or was used elsewhere) meanwhile: the page says which, as on arrival.
          if (err instanceof ApiError && err.code === 'invalid_token') onLinkRefused();
        }
      }}
    />
  );
}

export { ResetPasswordPage as Component };
