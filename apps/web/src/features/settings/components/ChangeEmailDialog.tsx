import { changeEmailSchema } from '@omnia/contracts/auth';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useChangeEmail } from '../api';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';

/**
 * Settings → Account → Change email: the new address and the password. A link goes to the new
 * address; until it is used the old one stays (and is told, with a link that cancels).
 */
export function ChangeEmailDialog() {
  const { t } = useTranslation('settings', { keyPrefix: 'changeEmail' });
  const { user } = useAuth();
  const { withStepUp, dialog } = useStepUp();
  const change = useChangeEmail(user?.id, withStepUp);
  return (
    <PasswordConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          {t('open')}
        </Button>
      }
      title={t('title')}
      description={t('body')}
      schema={changeEmailSchema}
      address={{ type: 'email', autoComplete: 'email', label: t('newEmail') }}
      ready={(v) => Boolean(v.email.trim() && v.password)}
      send={change.mutateAsync}
      pending={change.isPending}
      onSent={(v) => toast.success(t('sent', { email: v.email.trim() }))}
      texts={{ password: t('password'), cancel: t('cancel'), submit: t('submit'), busy: t('busy') }}
      submitVariant="brand"
      stepUpDialog={dialog}
    />
  );
}
