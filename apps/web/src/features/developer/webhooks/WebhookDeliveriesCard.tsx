import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { errorMessage, message } from '@/lib/messages';
import { useResendDelivery, webhookDeliveriesQuery } from './api';
import { EVENT_KEYS } from './event-keys';

const STATE_KEYS = {
  delivered: 'deliveries.delivered',
  retrying: 'deliveries.retrying',
  failed: 'deliveries.failed_state',
} as const;

/**
 * 'Webhook deliveries': the events sent to the app's endpoint, newest first, with their state,
 * attempts and last answer, and 'Re-send' on each.
 */
export function WebhookDeliveriesCard({ appId }: { appId: string }) {
  const { t } = useTranslation('webhooks');
  const { user } = useAuth();
  const deliveries = useQuery(webhookDeliveriesQuery(user?.id, appId));
  const resend = useResendDelivery(user?.id, appId);

  let body: ReactNode;
  if (deliveries.isError) body = <p className="text-sm text-destructive">{t('deliveries.failed')}</p>;
  else if (!deliveries.data) body = <Spinner />;
  else if (deliveries.data.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('deliveries.empty')}</p>;
  else
    body = (
      <ol className="space-y-3">
        {deliveries.data.map((d) => {
          const event = t(`events.${EVENT_KEYS[d.type]}.label`);
          return (
            <li key={d.id} className="space-y-1 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium">{event}</span>
                <Badge variant={d.state === 'failed' ? 'destructive' : 'outline'}>
                  {t(STATE_KEYS[d.state])}
                </Badge>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto h-7 px-2"
                  disabled={resend.isPending}
                  aria-label={t('deliveries.resendLabel', { event, date: formatDateTime(d.at) })}
                  onClick={() =>
                    resend.mutate(d.id, {
                      onSuccess: () => toast.success(message('webhookResent')),
                      onError: (err) => toast.error(errorMessage(err, 'webhookActionFailure')),
                    })
                  }
                >
                  {t('deliveries.resend')}
                </Button>
              </div>
              <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <time dateTime={d.at}>{formatDateTime(d.at)}</time>
                <span>{t('deliveries.attempts', { count: d.attempts })}</span>
                {d.last_status !== null || d.last_error ? (
                  <span>{t('deliveries.lastAnswer', { answer: d.last_error ?? String(d.last_status) })}</span>
                ) : null}
                {d.next_attempt_at && d.state === 'retrying' ? (
                  <span>{t('deliveries.nextAttempt', { date: formatDateTime(d.next_attempt_at) })}</span>
                ) : null}
              </div>
              <code className="block font-mono text-[11px] text-muted-foreground break-all">
                {d.event_id}
              </code>
            </li>
          );
        })}
      </ol>
    );
  return (
    <Card data-testid="webhook-deliveries">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <Send aria-hidden="true" className="size-5 text-primary" />
          {t('deliveries.title')}
        </h2>
        <CardDescription>{t('deliveries.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
