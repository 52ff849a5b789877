import { zodResolver } from '@hookform/resolvers/zod';
import { type ResendInput, resendSchema } from '@omnia/contracts/auth';
import { RESEND_COOLDOWN_SECONDS } from '@omnia/contracts/constants';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { useResendVerification } from './api';
import { AuthShell } from './components/AuthShell';
import { EmailField } from './components/Fields';

export function VerificationRequiredPage() {
  useScreenTitle('verificationRequired');
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const location = useLocation();
  const state = location.state as { email?: string } | null;
  // Known from the sign-up or the session; opened in a new tab or after a restart, it is asked for.
  const known = state?.email ?? user?.email ?? '';
  // The button waits for an address the contract accepts, so the form checks as it is typed.
  const form = useForm<ResendInput>({
    resolver: zodResolver(resendSchema),
    defaultValues: { email: '' },
    // Known (now or once the session loads): the form holds it, and the field is not shown.
    values: known ? { email: known } : undefined,
    mode: 'onChange',
  });
  const [cooldown, setCooldown] = useState(0);
  const resendMail = useResendVerification({
    onSuccess: () => toast.success(message('resendSuccess')),
    onError: (err) => {
      // Nothing was sent: the button waits only as long as the server says (else not at all).
      setCooldown(err instanceof ApiError && err.retryAfterSeconds ? err.retryAfterSeconds : 0);
      toast.error(errorMessage(err, 'resendFailure'));
    },
  });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  if (user?.email_confirmed_at) return <Navigate to="/dashboard" replace />;

  const resend = form.handleSubmit(({ email }) => {
    setCooldown(RESEND_COOLDOWN_SECONDS);
    resendMail.mutate(email);
  });

  return (
    <AuthShell
      title={t('verify.title')}
      above={<MailCheck className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
    >
      <form onSubmit={resend} noValidate className="space-y-5 text-center">
        {known ? (
          <p className="text-muted-foreground">
            {t('verify.body')}{' '}
            <strong className="text-foreground">
              <Breakable text={known} />
            </strong>
          </p>
        ) : (
          <div className="space-y-2 text-left">
            <p className="text-center text-muted-foreground">{t('verify.askAddress')}</p>
            <EmailField label={t('email')} placeholder={t('emailPlaceholder')} {...form.register('email')} />
          </div>
        )}
        <p className="text-sm text-muted-foreground">{t('verify.hint')}</p>
        <Button
          type="submit"
          variant="brand"
          className="w-full"
          disabled={cooldown > 0 || !form.formState.isValid}
        >
          {cooldown > 0 ? t('verify.cooldown', { n: cooldown }) : t('verify.resend')}
        </Button>
        <Link to="/login" className="inline-block text-sm font-medium text-primary hover:underline">
          {t('verify.signIn')}
        </Link>
      </form>
    </AuthShell>
  );
}
export { VerificationRequiredPage as Component };
