import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@omnia/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordStrengthMeter } from '@/components/password/PasswordStrengthMeter';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage, message } from '@/lib/messages';
import { passwordProblem } from '@/lib/password-strength';
import { resetPassword } from './api';
import { AuthShell } from './components/AuthShell';
import { PasswordField } from './components/Fields';

export function ResetPasswordPage() {
  useScreenTitle('resetPassword');
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthShell title={t('reset.title')}>
      {token ? null : (
        <p role="alert" className="mb-4 text-center text-sm text-destructive">
          {t('reset.missingToken')}
        </p>
      )}
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
        <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting || !token}>
          {isSubmitting ? t('reset.busy') : t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
export { ResetPasswordPage as Component };
