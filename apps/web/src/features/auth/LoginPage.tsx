import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFIED_PARAM } from '@omnia/contracts/api';
import { type AuthSession, type LoginInput, loginSchema } from '@omnia/contracts/auth';
import { LOGIN_ANIMATION_MS } from '@omnia/contracts/constants';
import { isTwoStep, type SecondFactorMethod } from '@omnia/contracts/factors';
import { CheckCircle2, KeyRound, MailCheck, PauseCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { useBrowserValue } from '@/lib/hydration';
import { liveText } from '@/lib/live-text';
import { errorMessage, message } from '@/lib/messages';
import { passkeysUsableHere } from '@/lib/passkeys';
import { useRequestedLanguage } from '@/lib/request-language';
import { useSignIn, useSignInWithPasskey } from './api';
import { AuthShell } from './components/AuthShell';
import { EmailField, PasswordField } from './components/Fields';
import { TwoStepForm } from './components/TwoStepForm';
import { readLoginParams } from './login-params';

export function LoginPage() {
  useScreenTitle('login');
  const { t } = useTranslation('auth');
  const { user, loading, signInWithPasskey } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { target, email, lng } = readLoginParams(params);
  useRequestedLanguage(lng);
  // A verification link opened in another browser confirms the address but does not sign in.
  const justVerified = params.get(VERIFIED_PARAM) === '1';
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email, password: '' },
  });
  // The OAuth engine is a server route: the app's router cannot show it, the browser loads it.
  const leave = () =>
    target.fullLoad ? window.location.assign(target.path) : navigate(target.path, { replace: true });
  // The account has a second factor: the password was right, the second step comes next.
  const [twoStep, setTwoStep] = useState<SecondFactorMethod[] | null>(null);
  const [blocked, setBlocked] = useState(false);
  const finished = (session: AuthSession) => {
    // An unverified account is signed in but blocked: straight to the page that says so, with no
    // 'Signed in successfully!' first. An OAuth interaction (a full load) decides for itself.
    if (!session.user.email_confirmed_at && !target.fullLoad) {
      setBlocked(true);
      navigate('/auth/verification-required', { replace: true, state: { email: session.user.email } });
      return;
    }
    // Signing in may switch the page to the account's language: the toast follows it.
    toast.success(liveText(() => message('signInSuccess')));
    setTimeout(leave, LOGIN_ANIMATION_MS);
  };
  // SPEC: idle, then loading, then the completion animation and the redirect, or idle again.
  const login = useSignIn({
    onSuccess: (result) => {
      if (isTwoStep(result)) setTwoStep(result.methods);
      else finished(result);
    },
    onError: (err) => {
      // A paused sign-in stays said on the form (as on the code step), not in a passing toast.
      if (err instanceof ApiError && err.code === 'rate_limited')
        setPaused(errorMessage(err, 'loginFailure'));
      else toast.error(errorMessage(err, 'loginFailure'));
    },
  });
  const [paused, setPaused] = useState<string | null>(null);
  const [twoStepDone, setTwoStepDone] = useState(false);
  const passkey = useSignInWithPasskey({
    onSuccess: (session) => {
      setTwoStepDone(true);
      finished(session);
    },
    // The person closing the browser's dialog is no failure worth a message.
    onError: (err) => {
      if (!(err instanceof Error && err.name === 'NotAllowedError'))
        toast.error(errorMessage(err, 'loginFailure'));
    },
  });
  // Pre-rendered with the passkey button (every current browser has passkeys); a browser without
  // them drops it once the page is hydrated.
  const passkeysSupported = useBrowserValue(passkeysUsableHere, true);
  // The e-mail field offers the site's passkeys in the browser's autofill (conditional mediation),
  // where the browser can; choosing one signs in without the password.
  const autofill = useRef({ signInWithPasskey, finished: (_: AuthSession) => {} });
  autofill.current = {
    signInWithPasskey,
    finished: (session: AuthSession) => {
      setTwoStepDone(true);
      finished(session);
    },
  };
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!passkeysUsableHere()) return;
      if (!(await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false))) return;
      try {
        const session = await autofill.current.signInWithPasskey({ autofill: true });
        if (live) autofill.current.finished(session);
      } catch (err) {
        // Dismissed, aborted by the passkey button, or no passkey here: the form stays. A passkey
        // chosen but refused by the server (removed, or the offer too old) is said.
        // The offer's own request failing (before anything was chosen) stays quiet, as before.
        if (live && err instanceof ApiError && err.code === 'passkey_invalid')
          toast.error(errorMessage(err, 'loginFailure'));
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  const idle = (login.isIdle || login.isError || twoStep !== null) && !twoStepDone;
  const signedIn = !loading && user !== null && idle;
  useEffect(() => {
    if (signedIn && target.fullLoad) window.location.assign(target.path);
  }, [signedIn, target.fullLoad, target.path]);

  if (signedIn) return target.fullLoad ? null : <Navigate to={target.path} replace />;
  if (blocked) return null;

  const onSubmit = form.handleSubmit((values) => {
    setPaused(null);
    login.mutate(values);
  });

  if ((login.isSuccess && twoStep === null) || twoStepDone) {
    return (
      <AuthShell title={t('login.title')}>
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CheckCircle2 className="size-14 text-success motion-safe:animate-[fade-in_0.4s_ease-out]" />
          <p className="font-medium">{t('login.success')}</p>
        </div>
      </AuthShell>
    );
  }

  if (twoStep) {
    return (
      <AuthShell title={t('twoStep.title', { ns: 'factors' })}>
        <TwoStepForm
          methods={twoStep}
          email={form.getValues('email')}
          onDone={(session) => {
            setTwoStepDone(true);
            finished(session);
          }}
          onExpired={(text) => {
            toast.error(text);
            setTwoStep(null);
            login.reset();
          }}
        />
      </AuthShell>
    );
  }

  const { errors } = form.formState;
  return (
    <AuthShell title={t('login.title')} description={t('login.subtitle')}>
      {justVerified ? (
        <p
          role="status"
          className="mb-4 flex items-start gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{message('emailVerifiedSignIn')}</span>
        </p>
      ) : null}
      {paused ? (
        <div
          role="alert"
          data-testid="sign-in-paused"
          className="mb-4 flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            <span className="block font-medium">{t('login.paused')}</span>
            {paused}
          </span>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField
          autoComplete="username webauthn"
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label={t('password')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm text-primary hover:underline">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" variant="brand" className="w-full" disabled={login.isPending}>
          {login.isPending ? t('login.busy') : t('login.submit')}
        </Button>
        {passkeysSupported ? (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={passkey.isPending || login.isPending}
            onClick={() => passkey.mutate()}
          >
            <KeyRound aria-hidden="true" />
            {t('passkeys.signIn', { ns: 'factors' })}
          </Button>
        ) : null}
        <p className="text-center text-sm text-muted-foreground">
          {t('login.noAccount')}{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            {t('login.signUp')}
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
export { LoginPage as Component };
