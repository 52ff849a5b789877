import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { IdentityForm } from '@/components/profile/IdentityForm';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthShell } from './components/AuthShell';
import { StepIndicator } from './components/StepIndicator';

/** Onboarding step 2: picture, name, username, date of birth and bio. */
export function IdentityPage() {
  useScreenTitle('identity');
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { session, loading } = useAuth();
  useEffect(() => {
    // SPEC: reaching the step without a session says so and goes to login.
    if (!loading && !session) {
      toast.error(message('identityNotLoggedIn'));
      navigate('/login');
    }
  }, [session, loading, navigate]);
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
