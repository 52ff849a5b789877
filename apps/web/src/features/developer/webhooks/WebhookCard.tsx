import type { SavedWebhookResponse, Webhook, WebhookInput } from '@omnia/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { Webhook as WebhookIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { useSaveWebhook, webhookQuery } from './api';
import { WebhookActions } from './WebhookActions';
import { WebhookForm } from './WebhookForm';
import { WebhookSecretOnce } from './WebhookSecretOnce';
import { WebhookSummary } from './WebhookSummary';

/**
 * 'Webhook' on the app's page: the endpoint and its events, edited in place (behind 'Confirm it's
 * you'); the signing secret shown once when it is made; a test event, rotation and removal.
 */
export function WebhookCard({ appId }: { appId: string }) {
  const { t } = useTranslation('webhooks');
  const { user } = useAuth();
  const query = useQuery(webhookQuery(user?.id, appId));
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const { withStepUp, dialog } = useStepUp();
  const save = useSaveWebhook(user?.id, appId, withStepUp);

  const shown = (saved: SavedWebhookResponse) => {
    if (saved.secret) setSecret(saved.secret);
  };
  const submit = (input: WebhookInput, refuse: (field: 'url' | 'events', message: string) => void) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        shown(saved);
        setEditing(false);
        toast.success(message('webhookSaved'));
      },
      onError: (err) => {
        if (cancelledConfirmation(err)) return;
        // A refused field is said under it, where the person is looking (a private address).
        const fields = err instanceof ApiError ? err.fields : {};
        const refused = (['url', 'events'] as const).filter((field) => fields[field]);
        for (const field of refused) refuse(field, fields[field] ?? '');
        if (!refused.length) toast.error(errorMessage(err, 'webhookSaveFailure'));
      },
    });

  const webhook: Webhook | null | undefined = query.data;
  let body: ReactNode;
  if (query.isError) body = <p className="text-sm text-destructive">{t('card.failed')}</p>;
  else if (webhook === undefined) body = <Spinner />;
  else if (editing)
    body = (
      <WebhookForm
        webhook={webhook}
        saving={save.isPending}
        onSave={submit}
        onCancel={() => setEditing(false)}
      />
    );
  else if (webhook === null)
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">{t('card.none')}</p>
        <Button variant="brand" size="sm" onClick={() => setEditing(true)}>
          {t('card.add')}
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-4">
        <WebhookSummary webhook={webhook} onEdit={() => setEditing(true)} />
        <WebhookActions
          appId={appId}
          webhook={webhook}
          withStepUp={withStepUp}
          onRotated={shown}
          onRemoved={() => setSecret(null)}
        />
      </div>
    );

  return (
    <Card data-testid="webhook">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <WebhookIcon aria-hidden="true" className="size-5 text-primary" />
          {t('card.title')}
        </h2>
        <CardDescription>{t('card.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {secret ? <WebhookSecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
        {body}
        <p className="text-xs text-muted-foreground">{t('card.verifyHint')}</p>
      </CardContent>
      {dialog}
    </Card>
  );
}
