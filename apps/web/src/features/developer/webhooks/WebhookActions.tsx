import type { SavedWebhookResponse, Webhook } from '@omnia/contracts/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAuth } from '@/lib/auth';
import type { WithStepUp } from '@/lib/factors';
import { formatDateTime } from '@/lib/format';
import { errorMessage, message } from '@/lib/messages';
import { useRemoveWebhook, useRotateWebhookSecret, useSendTestEvent } from './api';

/** 'Send test event', 'Rotate signing secret' and 'Remove webhook', the last two confirmed first. */
export function WebhookActions({
  appId,
  webhook,
  withStepUp,
  onRotated,
  onRemoved,
}: {
  appId: string;
  webhook: Webhook;
  withStepUp: WithStepUp;
  onRotated(saved: SavedWebhookResponse): void;
  onRemoved(): void;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation('webhooks', { keyPrefix: 'card' });
  const { user } = useAuth();
  const [asking, setAsking] = useState<'rotate' | 'remove' | null>(null);
  const test = useSendTestEvent(user?.id, appId);
  const rotate = useRotateWebhookSecret(user?.id, appId, withStepUp);
  const remove = useRemoveWebhook(user?.id, appId, withStepUp);
  const failed = (err: unknown) => {
    if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'webhookActionFailure'));
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={test.isPending}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: () => toast.success(message('webhookTestQueued')),
            onError: failed,
          })
        }
      >
        {tc('sendTest')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setAsking('rotate')}>
        {tc('rotate')}
      </Button>
      <Button variant="destructive" size="sm" onClick={() => setAsking('remove')}>
        {tc('remove')}
      </Button>
      <ConfirmDialog
        open={asking === 'rotate'}
        title={t('rotateConfirm.title')}
        body={
          <>
            {t('rotateConfirm.body')}
            {/* Only the last two secrets sign: one still signing goes now (integrators.md). */}
            {webhook.previous_secret_expires_at ? (
              <span className="mt-2 block text-destructive">
                {t('rotateConfirm.endsPrevious', {
                  date: formatDateTime(webhook.previous_secret_expires_at),
                })}
              </span>
            ) : null}
          </>
        }
        confirmLabel={t('rotateConfirm.confirm')}
        cancelLabel={tc('cancel')}
        busy={rotate.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (saved) => {
              setAsking(null);
              onRotated(saved);
            },
            onError: (err) => {
              setAsking(null);
              failed(err);
            },
          })
        }
      />
      <ConfirmDialog
        open={asking === 'remove'}
        title={t('removeConfirm.title')}
        body={t('removeConfirm.body', { url: webhook.url })}
        confirmLabel={t('removeConfirm.confirm')}
        cancelLabel={tc('cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setAsking(null);
              onRemoved();
              toast.success(message('webhookRemoved'));
            },
            onError: (err) => {
              setAsking(null);
              failed(err);
            },
          })
        }
      />
    </div>
  );
}
