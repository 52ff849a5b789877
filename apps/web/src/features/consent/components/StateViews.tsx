import { AlertTriangle, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { PlainError } from '../plain-error';

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

/**
 * 'Authorization Error' with `text`, already in the reader's language. With `plain`, a sentence for
 * people leads and `text` (the protocol's wording) and `code` fold away under 'Technical details'.
 */
export function ErrorState({ text, plain, code }: { text: string; plain?: PlainError; code?: string }) {
  const { t } = useTranslation('consent');
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </span>
        <div className="w-full space-y-1.5">
          <h2 className="text-lg font-semibold">{t('errorTitle')}</h2>
          {plain ? (
            <>
              <p className="text-sm break-words">{t(`plain.${plain}`)}</p>
              <details className="mx-auto max-w-full pt-2 text-start text-xs text-muted-foreground">
                <summary className="cursor-pointer text-center">{t('plain.details')}</summary>
                <p className="mt-2 break-words" data-testid="consent-error-detail">
                  {text}
                </p>
                {code ? <p className="mt-1 font-mono break-all">{t('plain.code', { code })}</p> : null}
              </details>
            </>
          ) : (
            <p className="text-sm break-words text-muted-foreground">{text}</p>
          )}
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
