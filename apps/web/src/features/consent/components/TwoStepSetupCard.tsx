import type { ConsentDetails } from '@omnia/contracts/developer';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/ui/app-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { AccountLine, type AccountLineProps } from './AccountLine';

export interface TwoStepSetupCardProps extends AccountLineProps {
  client: ConsentDetails['client'];
  /** 'Cancel': the application is told the person declined. */
  onCancel(): void;
  cancelling: boolean;
}

/**
 * The application requires two-step verification and this account has no second factor yet: the
 * way on is to set one up in Settings → Security (then open the application again), or cancel.
 */
export function TwoStepSetupCard({
  client,
  email,
  onSwitch,
  switching,
  onCancel,
  cancelling,
}: TwoStepSetupCardProps) {
  const { t } = useTranslation('consent');
  return (
    <Card className="overflow-hidden" data-testid="two-step-setup">
      <CardHeader className="items-center gap-3 border-b border-border bg-muted/30 text-center">
        <div className="relative">
          <AppLogo src={client.logo_url} alt={t('appLogoAlt', { app: client.name })} size="lg" />
          <span className="absolute -right-1.5 -bottom-1.5 flex size-7 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
          </span>
        </div>
        <div className="space-y-1">
          <h2 className="text-xl font-semibold">{t('twoStepSetup.title')}</h2>
          <p className="text-sm break-words text-muted-foreground">
            {t('twoStepSetup.body', { app: client.name })}
          </p>
        </div>
        <AccountLine email={email} onSwitch={onSwitch} switching={switching} />
      </CardHeader>
      <CardContent className="flex flex-col gap-3 pt-6">
        <Button asChild variant="brand" className="w-full">
          <Link to="/settings?tab=security">{t('twoStepSetup.setUp')}</Link>
        </Button>
        <Button variant="outline" className="w-full" onClick={onCancel} disabled={cancelling || switching}>
          {t('cancel')}
        </Button>
      </CardContent>
    </Card>
  );
}
