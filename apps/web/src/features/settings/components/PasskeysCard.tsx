import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '@/components/factors/use-step-up';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { factorsQuery } from '@/lib/factors';
import { useBrowserValue } from '@/lib/hydration';
import { passkeysUsableHere } from '@/lib/passkeys';
import { PasskeyList } from './PasskeyList';

/**
 * Settings → Security → 'Sign in with a passkey': a card of its own, since a passkey is a way to
 * sign in (two factors at once), not a second step after the password. Where passkeys cannot work
 * (a deployment reached by IP address) it says so instead of offering a button that fails.
 */
export function PasskeysCard({ userId }: { userId: string }) {
  const { t } = useTranslation('factors', { keyPrefix: 'passkeys' });
  const queryClient = useQueryClient();
  const factors = useQuery(factorsQuery(userId));
  const { withStepUp, dialog } = useStepUp();
  const usable = useBrowserValue(passkeysUsableHere, true);
  if (factors.isPending) return <Skeleton className="h-24 w-full" />;
  return (
    <Card className="space-y-3 p-6" data-testid="passkeys-card">
      <div className="space-y-1">
        <h2 className="text-base font-semibold">{t('cardTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('cardBody')}</p>
      </div>
      {factors.data ? (
        <PasskeyList
          passkeys={factors.data.passkeys}
          withStepUp={withStepUp}
          canAdd={usable}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: factorsQuery(userId).queryKey })}
        />
      ) : (
        <LoadFailed onRetry={() => void factors.refetch()} />
      )}
      {usable ? null : <p className="text-sm text-muted-foreground">{t('unavailableHere')}</p>}
      {dialog}
    </Card>
  );
}
