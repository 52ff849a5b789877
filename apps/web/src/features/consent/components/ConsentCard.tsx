import type { ConsentDetails } from '@omnia/contracts/developer';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '@/components/ui/app-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { AccountLine, type AccountLineProps } from './AccountLine';
import { ApiScopes } from './ApiScopes';
import { AppLinks } from './AppLinks';
import { AppTrust } from './AppTrust';
import { DeviceLine } from './DeviceLine';

export interface ConsentCardProps extends AccountLineProps {
  details: ConsentDetails;
  /** The decision that is in flight, if any: both buttons are disabled meanwhile. */
  pending: 'allow' | 'deny' | null;
  onDecide(approved: boolean): void;
}

export function ConsentCard({ details, email, onSwitch, switching, pending, onDecide }: ConsentCardProps) {
  const { t } = useTranslation('consent');
  const { client } = details;
  const busy = pending !== null || switching;
  return (
    <Card className="overflow-hidden">
      <CardHeader className="items-center gap-3 border-b border-border bg-muted/30 text-center">
        <AppLogo src={client.logo_url} alt={t('appLogoAlt', { app: client.name })} size="lg" />
        <div className="space-y-1">
          <h2 className="text-xl font-semibold break-words">{client.name}</h2>
          <p className="text-sm break-words text-muted-foreground">
            {client.description || t('defaultDescription')}
          </p>
        </div>
        <AppTrust client={client} />
        <AccountLine email={email} onSwitch={onSwitch} switching={switching} disabled={pending !== null} />
      </CardHeader>
      <CardContent className="space-y-3 pt-6">
        {details.device ? <DeviceLine device={details.device} /> : null}
        <p className="text-sm font-medium">{t('willAllow', { app: client.name })}</p>
        <ul className="space-y-2">
          {details.scopes.map((scope) => (
            <li key={scope} className="flex items-start gap-3 rounded-md bg-muted/40 px-3 py-2.5 text-sm">
              <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-success/20 text-success">
                <Check aria-hidden="true" className="size-3" />
              </span>
              <span>{t(`scopes.${scope}`, { defaultValue: scope })}</span>
            </li>
          ))}
        </ul>
        {details.apis?.map((api) => (
          <ApiScopes key={api.identifier} api={api} />
        ))}
        <AppLinks client={client} redirectHost={details.redirect_host} />
        <p className="pt-1 text-xs text-muted-foreground">{t('trustNote')}</p>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row">
        <Button
          variant="outline"
          className="w-full sm:flex-1"
          disabled={busy}
          aria-busy={pending === 'deny'}
          onClick={() => onDecide(false)}
        >
          {t('deny')}
        </Button>
        <Button
          variant="brand"
          className="w-full sm:flex-1"
          disabled={busy}
          aria-busy={pending === 'allow'}
          onClick={() => onDecide(true)}
        >
          {t('allow')}
        </Button>
      </CardFooter>
    </Card>
  );
}
