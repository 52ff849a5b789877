import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpFormInput, signUpFormSchema } from '@omnia/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordStrengthMeter } from '@/components/password/PasswordStrengthMeter';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { isLanguage } from '@/lib/i18n';
import { errorMessage, message } from '@/lib/messages';
import { passwordProblem } from '@/lib/password-strength';
import { useSignUp } from './api';
import { AuthShell } from './components/AuthShell';
import { EmailField, PasswordField } from './components/Fields';
import { StepIndicator } from './components/StepIndicator';

export function SignUpPage() {
  useScreenTitle('signUp');
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const signup = useSignUp();
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    // The server's rule after the SPEC's: a common or easily guessed password is refused, with why.
    const problem = await passwordProblem(password, [email]);
    if (problem) {
      form.setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await signup.mutateAsync({
        email,
        password,
        language: isLanguage(i18n.language) ? i18n.language : undefined,
      });
      toast.success(message('signUpSuccess'));
      navigate('/auth/verification-required', { state: { email } });
    } catch (err) {
      toast.error(errorMessage(err, 'signUpFailure'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthShell
      title={t('signup.title')}
      description={t('signup.subtitle')}
      above={<StepIndicator active={1} labels={t('signup.steps', { returnObjects: true }) as string[]} />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label={t('password')}
          isNew
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordStrengthMeter password={form.watch('password')} personal={[form.watch('email')]} />
        <PasswordField
          label={t('confirmPassword')}
          isNew
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('signup.busy') : t('signup.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('signup.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('signup.login')}
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
export { SignUpPage as Component };
