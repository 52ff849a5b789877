import type { TotpSetup } from '@omnia/contracts/factors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import {
  factorsQuery,
  useKeepTwoStep,
  useRegenerateRecoveryCodes,
  useSetupTotp,
  useTurnOffTotp,
} from '@/lib/factors';
import { formatDate, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/messages';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { TotpSetupDialog } from './TotpSetupDialog';

/** Settings → Security → Two-step verification: the authenticator app and the recovery codes. */
export function TwoStepCard({ userId }: { userId: string }) {
  const { t } = useTranslation('factors', { keyPrefix: 'security' });
  const queryClient = useQueryClient();
  const factors = useQuery(factorsQuery(userId));
  const { withStepUp, dialog } = useStepUp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: factorsQuery(userId).queryKey });
  // Cancelling 'Confirm it's you' is no failure worth a toast.
  const failed = (err: unknown) => {
    if (!(err instanceof ApiError && err.code === 'step_up_required'))
      toast.error(errorMessage(err, 'unexpectedError'));
  };

  const start = useSetupTotp(withStepUp, { onSuccess: setSetup, onError: failed });
  // Both take something away: they ask first ('Turn off two-step verification?'), and turning
  // off also confirms it's you every time, however fresh the sign-in.
  const [asking, setAsking] = useState<'turnOff' | 'regenerate' | null>(null);
  const turnOff = useTurnOffTotp(userId, withStepUp, {
    onSuccess: () => toast.success(t('turnedOff')),
    onError: failed,
    onSettled: () => setAsking(null),
  });
  const keep = useKeepTwoStep(userId, { onSuccess: () => toast.success(t('kept')), onError: failed });
  const regenerate = useRegenerateRecoveryCodes(userId, withStepUp, {
    onSuccess: (result) => setCodes(result.recovery_codes),
    onError: failed,
    onSettled: () => setAsking(null),
  });

  if (factors.isPending) return <Skeleton className="h-32 w-full" />;
  // Unread is not 'Off': offering 'Set up' would be a guess.
  if (!factors.data)
    return (
      <Card className="space-y-3 p-6" data-testid="two-step-card">
        <h2 className="text-base font-semibold">{t('title')}</h2>
        <LoadFailed onRetry={() => void factors.refetch()} />
      </Card>
    );
  const data = factors.data;
  const on = data?.totp.enabled === true;
  return (
    <Card className="space-y-5 p-6" data-testid="two-step-card">
      <div className="space-y-1">
        <h2 className="text-base font-semibold">{t('title')}</h2>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      {data?.totp.removal_after ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
        >
          <p className="min-w-0 flex-1">
            {t('removalNotice', { date: formatDateTime(data.totp.removal_after) })}
          </p>
          <Button variant="outline" size="sm" disabled={keep.isPending} onClick={() => keep.mutate()}>
            {t('keep')}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <Smartphone aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <h3 className="text-sm font-medium">{t('appTitle')}</h3>
          <p className="text-sm text-muted-foreground">
            {on && data?.totp.created_at
              ? t('appOn', { date: formatDate(data.totp.created_at) })
              : t('appOff')}
          </p>
        </div>
        {on ? (
          <Button
            variant="outline"
            size="sm"
            disabled={turnOff.isPending}
            onClick={() => setAsking('turnOff')}
          >
            {t('turnOff')}
          </Button>
        ) : (
          <Button variant="brand" size="sm" disabled={start.isPending} onClick={() => start.mutate()}>
            {t('setUp')}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <h3 className="text-sm font-medium">{t('recoveryTitle')}</h3>
          <p className="text-sm text-muted-foreground" data-testid="recovery-remaining">
            {on ? t('recoveryBody', { count: data?.recovery_codes.remaining ?? 0 }) : t('recoveryNone')}
          </p>
        </div>
        {on ? (
          <Button
            variant="outline"
            size="sm"
            disabled={regenerate.isPending}
            onClick={() => setAsking('regenerate')}
          >
            {t('regenerate')}
          </Button>
        ) : null}
      </div>
      <TotpSetupDialog
        setup={setup}
        withStepUp={withStepUp}
        onClose={() => setSetup(null)}
        onEnabled={(recovery) => {
          setSetup(null);
          toast.success(t('turnedOn'));
          if (recovery?.length) setCodes(recovery);
          void reload();
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <ConfirmDialog
        open={asking === 'turnOff' && !turnOff.isPending}
        title={t('turnOffTitle')}
        body={t('turnOffBody')}
        confirmLabel={t('turnOff')}
        cancelLabel={t('keepOn')}
        destructive
        onConfirm={() => turnOff.mutate()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'regenerate' && !regenerate.isPending}
        title={t('regenerateTitle')}
        body={t('regenerateBody')}
        confirmLabel={t('regenerate')}
        cancelLabel={t('cancel')}
        onConfirm={() => regenerate.mutate()}
        onCancel={() => setAsking(null)}
      />
      {dialog}
    </Card>
  );
}
