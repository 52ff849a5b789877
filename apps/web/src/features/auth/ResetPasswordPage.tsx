import { zodResolver } from '@hookform/resolvers/zod';
import type { ResetLinkState } from '@omnia/contracts/api';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@omnia/contracts/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordStrengthMeter } from '@/components/password/PasswordStrengthMeter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { passwordProblem } from '@/lib/password-strength';
import { checkResetLink, resetPassword } from './api';
import { AuthShell } from './components/AuthShell';
import { PasswordField } from './components/Fields';

type Unusable = Exclude<ResetLinkState, 'valid'> | 'missing';

export function ResetPasswordPage() {
  useScreenTitle('resetPassword');
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Asked once, on arrival: a link that cannot work says so before anyone types a password. A
  // failed check (network, rate limit) leaves the judgement to the reset itself.
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
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
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const problem = await passwordProblem(password, []);
    if (problem) {
      form.setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await reset.mutateAsync(password);
      toast.success(message('resetSuccess'));
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, 'resetFailure'));
      // The link ran out (or was used elsewhere) meanwhile: the page says which, as on arrival.
      if (err instanceof ApiError && err.code === 'invalid_token') onLinkRefused();
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label={t('newPassword')}
        isNew
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordStrengthMeter password={form.watch('password')} personal={[]} />
      <PasswordField
        label={t('confirmNewPassword')}
        isNew
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('reset.busy') : t('reset.submit')}
      </Button>
    </form>
  );
}

export { ResetPasswordPage as Component };
