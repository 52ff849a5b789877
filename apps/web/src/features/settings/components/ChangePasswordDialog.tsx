import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '@omnia/contracts/auth';
import { KeyRound, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { PasswordStrengthMeter } from '@/components/password/PasswordStrengthMeter';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { passwordProblem } from '@/lib/password-strength';
import { useChangePassword } from '../api';

/**
 * Change Password: the current password (the server checks it), and the new one twice, which may
 * not be the current one again.
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation('settings', { keyPrefix: 'password' });
  const [open, setOpen] = useState(false);
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  // With a second factor, a fresh one is needed too ('Confirm it's you' when it is not).
  const { withStepUp, dialog } = useStepUp();
  const change = useChangePassword(withStepUp);
  const email = useAuth().user?.email ?? '';
  const onSubmit = form.handleSubmit(async (values) => {
    const problem = await passwordProblem(values.password, [email]);
    if (problem) {
      form.setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync(values);
      toast.success(message('resetSuccess'));
      form.reset();
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'step_up_required') return;
      if (err instanceof ApiError && err.code === 'wrong_password')
        form.setError('currentPassword', { message: errorMessage(err, 'unexpectedError') });
      else if (err instanceof ApiError && err.code === 'password_unchanged')
        form.setError('password', { message: errorMessage(err, 'unexpectedError') });
      else toast.error(errorMessage(err, 'unexpectedError'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          {t('button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Input
            type="password"
            label={t('current')}
            autoComplete="current-password"
            leftIcon={<Lock />}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Input
            type="password"
            label={t('new')}
            autoComplete="new-password"
            leftIcon={<Lock />}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordStrengthMeter password={form.watch('password')} personal={[email]} />
          <Input
            type="password"
            label={t('confirm')}
            autoComplete="new-password"
            leftIcon={<Lock />}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <DialogFooter>
            <Button type="submit" variant="brand" disabled={isSubmitting}>
              {isSubmitting ? t('submitting') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
