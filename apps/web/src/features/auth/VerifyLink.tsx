import { VERIFIED_SIGN_IN_URL } from '@omnia/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { useResendVerification, useVerifyEmail, verifyLinkQuery } from './api';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * The verification e-mail's link (/auth/callback?token=): opening it changes nothing, since mail
 * scanners open links too. The page asks the server what the link can do here, then waits for the
 * person: in the browser that signed up, 'Verify my email' signs in; anywhere else the person sets
 * the account's password, so whoever reads the mailbox ends up with the only one that works.
 */
export function VerifyLink({ token, onSignedIn }: { token: string; onSignedIn(): void }) {
  const { t } = useTranslation('auth');
  const link = useQuery(verifyLinkQuery(token));
  if (link.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner />
        {t('link.checking')}
      </p>
    );
  }
  // A failed check (network, rate limit) leaves the judgement to the button.
  const state = link.data ?? { state: 'valid' as const, email: null, same_browser: true };
  if (state.state !== 'valid') return <UnusableVerifyLink state={state.state} email={state.email} />;
  const refused = () => void link.refetch();
  return state.same_browser ? (
    <VerifyButton token={token} email={state.email} onSignedIn={onSignedIn} onRefused={refused} />
  ) : (
    <VerifyWithPassword token={token} email={state.email ?? ''} onRefused={refused} />
  );
}

function VerifyButton(props: { token: string; email: string | null; onSignedIn(): void; onRefused(): void }) {
  const { t } = useTranslation('auth');
  const { refresh } = useAuth();
  const verify = useVerifyEmail(props.token, {
    onSuccess: async () => {
      await refresh();
      props.onSignedIn();
    },
    onError: (err) => {
      toast.error(errorMessage(err, 'authCallbackFailure'));
      props.onRefused();
    },
  });
  return (
    <div className="space-y-5 text-center">
      <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
      <p className="text-foreground">{t('link.verifyIntro', { email: props.email ?? '' })}</p>
      <Button
        variant="brand"
        className="w-full"
        disabled={verify.isPending || verify.isSuccess}
        onClick={() => verify.mutate()}
      >
        {verify.isPending || verify.isSuccess ? t('link.verifyBusy') : t('link.verify')}
      </Button>
    </div>
  );
}

function VerifyWithPassword({
  token,
  email,
  onRefused,
}: {
  token: string;
  email: string;
  onRefused(): void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setPassword = useVerifyEmail(token);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{t('link.setPasswordIntro', { email })}</p>
      <NewPasswordForm
        submitLabel={t('link.setPassword')}
        busyLabel={t('link.verifyBusy')}
        personal={[email]}
        onSubmit={async (password) => {
          try {
            await setPassword.mutateAsync(password);
            toast.success(message('emailVerifiedSignIn'));
            navigate(`${VERIFIED_SIGN_IN_URL}&login_hint=${encodeURIComponent(email)}`, { replace: true });
          } catch (err) {
            toast.error(errorMessage(err, 'authCallbackFailure'));
            if (err instanceof ApiError && err.code === 'invalid_token') onRefused();
          }
        }}
      />
    </div>
  );
}

/** Why the link cannot be used, and where to go: a new link (to the address it names) or sign-in. */
function UnusableVerifyLink({
  state,
  email,
}: {
  state: 'used' | 'expired' | 'invalid';
  email: string | null;
}) {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const resend = useResendVerification({
    onSuccess: () => toast.success(message('resendSuccess')),
    onError: (err) => toast.error(errorMessage(err, 'resendFailure')),
  });
  return (
    <div className="space-y-5 text-center" data-testid="verify-link-state">
      <LinkIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
      <p role="alert" className="text-foreground">
        {t(`link.${state}`)}
      </p>
      {state === 'expired' && email ? (
        <Button
          variant="brand"
          className="w-full"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate(email ?? '')}
        >
          {t('link.sendNew')}
        </Button>
      ) : null}
      <Button asChild variant={state === 'expired' && email ? 'outline' : 'brand'} className="w-full">
        {user ? (
          <Link to="/dashboard">{t('link.continue')}</Link>
        ) : (
          <Link to="/login">{t('link.signIn')}</Link>
        )}
      </Button>
    </div>
  );
}
