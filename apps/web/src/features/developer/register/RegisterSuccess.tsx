import type { OAuthClient } from '@omnia/contracts/developer';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '../components/StatusBadge';

export function RegisterSuccess({ client, onAnother }: { client: OAuthClient; onAnother(): void }) {
  const { t } = useTranslation('developer');
  // The form (and the button that was pressed) is gone: the reading position moves to the result.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-5 py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CheckCircle2 aria-hidden="true" className="size-8" />
      </span>
      <div className="space-y-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
          {t('register.successTitle')}
        </h1>
        <p className="mx-auto max-w-md text-sm text-muted-foreground">{t('register.successBody')}</p>
      </div>
      <div className="w-full max-w-md space-y-2 rounded-lg border border-border bg-muted/40 p-4 text-left text-sm">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate font-semibold">{client.name}</span>
          <StatusBadge status={client.status} />
        </div>
        <div className="text-muted-foreground">
          {t('detail.clientId')}:{' '}
          <code className="font-mono text-xs break-all text-foreground">{client.client_id}</code>
        </div>
      </div>
      {/* Where to go next: the app's own page (credentials, settings) and how to sign people in. */}
      <div className="flex w-full max-w-md flex-col gap-2 sm:flex-row">
        <Button asChild variant="brand" className="sm:flex-1">
          <Link to={`/dev-program/oauth2/clients/${client.id}`}>{t('register.openApp')}</Link>
        </Button>
        <Button asChild variant="outline" className="sm:flex-1">
          <Link to="/dev-program/oauth2?tab=documentation">{t('register.readDocs')}</Link>
        </Button>
      </div>
      <div className="flex w-full max-w-md flex-col gap-2 sm:flex-row">
        <Button variant="outline" className="sm:flex-1" onClick={onAnother}>
          {t('register.registerAnother')}
        </Button>
        <Button asChild variant="outline" className="sm:flex-1">
          <Link to="/dev-program/oauth2">{t('register.goToDashboard')}</Link>
        </Button>
      </div>
    </div>
  );
}
