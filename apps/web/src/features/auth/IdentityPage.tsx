import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { IdentityForm } from '@/components/profile/IdentityForm';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthShell } from './components/AuthShell';
import { StepIndicator } from './components/StepIndicator';

/** Onboarding step 2: picture, name, username, date of birth and bio. */
export function IdentityPage() {
  useScreenTitle('identity');
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  return (
    <AuthShell
      title={t('identity.title')}
      description={t('identity.subtitle')}
      above={<StepIndicator active={2} labels={t('steps', { returnObjects: true }) as string[]} />}
    >
      <IdentityForm
        submitLabel={t('identity.submit')}
        onSaved={() => {
          toast.success(message('identitySuccess'));
          navigate('/signup/setup');
        }}
      />
    </AuthShell>
  );
}
export { IdentityPage as Component };
