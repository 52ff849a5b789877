import type { OAuthClient } from '@omnia/contracts/developer';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { previousSecretQuery, useRevokePreviousSecret } from '../api';

/**
 * The secret a rotation replaced, while its grace period lasts: until when it works, when an app
 * last sent it (so the developer knows whether every server has the new one), and 'Revoke old
 * secret now'.
 */
export function PreviousSecret({
  client,
  onRevoked,
}: {
  client: OAuthClient;
  onRevoked(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const { user } = useAuth();
  const graceEnds = client.previous_secret_expires_at;
  const previous = useQuery(previousSecretQuery(user?.id, client.id, graceEnds));
  const [confirming, setConfirming] = useState(false);
  const { withStepUp, dialog } = useStepUp();
  const revoke = useRevokePreviousSecret(client.id, withStepUp, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('detail.previousRevoked'));
      onRevoked({ ...client, previous_secret_expires_at: null });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_required') return;
      // Already ended (another tab, or the grace period ran out): the page catches up.
      if (error instanceof ApiError && error.status === 404) {
        setConfirming(false);
        onRevoked({ ...client, previous_secret_expires_at: null });
        return;
      }
      toast.error(t('detail.previousRevokeFailure'));
    },
  });
  if (!graceEnds) return null;
  const lastUsed = previous.data?.last_used_at;

  return (
    <div
      className="space-y-2 rounded-md border border-dashed border-border p-3"
      data-testid="previous-secret"
    >
      <div className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 text-muted-foreground" aria-hidden />
        {t('detail.previousSecret')}
      </div>
      <p className="text-sm text-muted-foreground">
        {t('detail.previousUntil', { date: formatDateTime(graceEnds) })}{' '}
        {previous.isSuccess ? (
          <span data-testid="previous-secret-use">
            {lastUsed
              ? t('detail.previousLastUsed', { date: formatDateTime(lastUsed) })
              : t('detail.previousUnused')}
          </span>
        ) : null}
      </p>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        {t('detail.revokePrevious')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('detail.revokePreviousTitle')}
        body={t('detail.revokePreviousBody')}
        confirmLabel={t('detail.revokePreviousConfirm')}
        cancelLabel={t('detail.cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setConfirming(false)}
      />
      {dialog}
    </div>
  );
}
