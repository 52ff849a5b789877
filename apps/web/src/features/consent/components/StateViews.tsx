import { AlertTriangle, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export function LoadingState() {
  const { t } = useTranslation('consent');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <Spinner className="size-8" />
        <p className="text-sm text-muted-foreground">{t('validating')}</p>
      </CardContent>
    </Card>
  );
}

/** 'Authorization Error' with `text`, already in the reader's language. */
export function ErrorState({ text }: { text: string }) {
  const { t } = useTranslation('consent');
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold">{t('errorTitle')}</h2>
          <p className="text-sm break-words text-muted-foreground">{text}</p>
        </div>
        <Button asChild variant="outline" className="mt-2 w-full sm:w-auto">
          <Link to="/">{t('returnHome')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Authentication Required' with its 'Sign In' link (`loginHref`). */
export function AuthRequiredState({ href }: { href: string }) {
  const { t } = useTranslation('consent');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <LogIn aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold">{t('authRequiredTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('authRequiredBody')}</p>
        </div>
        <Button asChild variant="brand" className="mt-2 w-full sm:w-auto sm:min-w-40">
          <Link to={href}>{t('signIn')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
