import { resendSchema } from '@omnia/contracts/auth';
import { RESEND_COOLDOWN_SECONDS } from '@omnia/contracts/constants';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
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
  const [typed, setTyped] = useState('');
  const email = known || typed.trim();
  const typedValid = resendSchema.shape.email.safeParse(typed).success;
  const [cooldown, setCooldown] = useState(0);
  const resendMail = useResendVerification({
    onSuccess: () => toast.success(message('resendSuccess')),
    onError: (err) => {
      if (err instanceof ApiError && err.retryAfterSeconds) setCooldown(err.retryAfterSeconds);
      toast.error(errorMessage(err, 'resendFailure'));
    },
  });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  if (user?.email_confirmed_at) return <Navigate to="/dashboard" replace />;

  const resend = () => {
    setCooldown(RESEND_COOLDOWN_SECONDS);
    resendMail.mutate(email);
  };

  return (
    <AuthShell
      title={t('verify.title')}
      above={<MailCheck className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
    >
      <div className="space-y-5 text-center">
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
            <EmailField
              label={t('email')}
              placeholder={t('emailPlaceholder')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        )}
        <p className="text-sm text-muted-foreground">{t('verify.hint')}</p>
        <Button
          variant="brand"
          className="w-full"
          onClick={resend}
          disabled={cooldown > 0 || !email || (!known && !typedValid)}
        >
          {cooldown > 0 ? t('verify.cooldown', { n: cooldown }) : t('verify.resend')}
        </Button>
        <Link to="/login" className="inline-block text-sm font-medium text-primary hover:underline">
          {t('verify.signIn')}
        </Link>
      </div>
    </AuthShell>
  );
}
export { VerificationRequiredPage as Component };
