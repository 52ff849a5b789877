import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { DeveloperShell } from './components/DeveloperShell';
import { RegisterForm } from './register/RegisterForm';
import { RegisterSuccess } from './register/RegisterSuccess';
import { useRegisterClient } from './register/use-register';

/** /dev-program/oauth2/new — toggles between the form and the success view. */
export function RegisterClientPage() {
  useScreenTitle('registerClient');
  const { t } = useTranslation('developer');
  const { user } = useAuth();
  const { submit, submitting, created, reset } = useRegisterClient(user?.id);
  return (
    <DeveloperShell width="narrow">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/dev-program/oauth2">
          <ArrowLeft />
          {t('register.back')}
        </Link>
      </Button>
      <Card>
        {created ? (
          <CardContent className="p-6 sm:p-8">
            <RegisterSuccess client={created} onAnother={reset} />
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold leading-tight tracking-tight">{t('register.title')}</h1>
              <CardDescription>{t('register.subtitle')}</CardDescription>
            </CardHeader>
            <CardContent>
              <RegisterForm signedIn={Boolean(user)} submitting={submitting} onSubmit={submit} />
            </CardContent>
          </>
        )}
      </Card>
    </DeveloperShell>
  );
}
export { RegisterClientPage as Component };
