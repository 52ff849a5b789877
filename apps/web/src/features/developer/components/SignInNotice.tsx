import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { loginHref } from '../login-href';

export function SignInNotice({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('developer');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold">{t('dashboard.signInTitle')}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t('dashboard.signInBody')}</p>
        </div>
        <Button asChild variant="brand">
          <Link to={loginHref(returnTo)}>{t('dashboard.signIn')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
