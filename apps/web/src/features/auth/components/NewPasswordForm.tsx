import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '@omnia/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '@/components/password/PasswordStrengthMeter';
import { Button } from '@/components/ui/button';
import { passwordProblem } from '@/lib/password-strength';
import { PasswordField } from './Fields';

/**
 * New password and its confirmation, with the strength meter (SPEC §5's reset rules): the reset
 * page, a verification link opened in another browser, and a cancelled e-mail change use it.
 * `personal`: words the password must not be made of (the address).
 */
export function NewPasswordForm({
  submitLabel,
  busyLabel,
  personal = [],
  onSubmit,
}: {
  submitLabel: string;
  busyLabel: string;
  personal?: readonly string[];
  /** Resolves when done (the form stays busy until then); a thrown error leaves it to the caller. */
  onSubmit(password: string): Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async ({ password }) => {
    const problem = await passwordProblem(password, personal);
    if (problem) {
      form.setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    await onSubmit(password);
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <PasswordField
        label={t('newPassword')}
        isNew
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordStrengthMeter password={form.watch('password')} personal={personal} />
      <PasswordField
        label={t('confirmNewPassword')}
        isNew
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
