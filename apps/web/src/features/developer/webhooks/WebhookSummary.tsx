import type { Webhook } from '@omnia/contracts/webhooks';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { EVENT_KEYS } from './event-keys';

/** The saved endpoint, its events, and until when the previous signing secret still signs. */
export function WebhookSummary({ webhook, onEdit }: { webhook: Webhook; onEdit(): void }) {
  const { t } = useTranslation('webhooks');
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('card.url')}</h3>
        <Button variant="outline" size="sm" aria-label={t('card.editLabel')} onClick={onEdit}>
          {t('card.edit')}
        </Button>
      </div>
      <code
        data-testid="webhook-url"
        className="block rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-xs break-all"
      >
        {webhook.url}
      </code>
      <div className="space-y-1.5">
        <h3 className="text-sm font-medium">{t('card.events')}</h3>
        <ul className="flex flex-wrap gap-2" data-testid="webhook-events">
          {webhook.events.map((event) => (
            <li key={event}>
              <Badge variant="outline">{t(`events.${EVENT_KEYS[event]}.label`)}</Badge>
            </li>
          ))}
        </ul>
      </div>
      {webhook.previous_secret_expires_at ? (
        <p className="text-xs text-muted-foreground">
          {t('card.previousUntil', { date: formatDateTime(webhook.previous_secret_expires_at) })}
        </p>
      ) : null}
    </div>
  );
}
