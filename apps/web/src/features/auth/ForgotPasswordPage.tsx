import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@omnia/contracts/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BreakableIn, SLOT } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/messages';
import { useRequestPasswordReset } from './api';
import { AuthShell } from './components/AuthShell';
import { EmailField } from './components/Fields';

export function ForgotPasswordPage() {
  useScreenTitle('forgotPassword');
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      toast.error(errorMessage(err, 'forgotFailure'));
    }
  });
  if (sentTo) {
    return (
      <AuthShell
        title={t('forgot.sentTitle')}
        above={<MailCheck className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
      >
        <div className="space-y-5 text-center">
          <p className="text-muted-foreground">
            <BreakableIn sentence={t('forgot.sentBody', { email: SLOT })} value={sentTo} />
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">{t('forgot.back')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthShell title={t('forgot.title')} description={t('forgot.subtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField label={t('email')} error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('forgot.busy') : t('forgot.submit')}
        </Button>
        <Link to="/login" className="block text-center text-sm font-medium text-primary hover:underline">
          {t('forgot.back')}
        </Link>
      </form>
    </AuthShell>
  );
}
export { ForgotPasswordPage as Component };
