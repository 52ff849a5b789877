import type { LogoutDelivery } from '@omnia/contracts/developer';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';

const STATE_KEYS = {
  delivered: 'logoutDeliveries.delivered',
  retrying: 'logoutDeliveries.retrying',
  failed: 'logoutDeliveries.failed_state',
} as const;

/**
 * 'Logout deliveries': the logout tokens sent to the app's back-channel logout URI, newest first,
 * with what ended the sign-in, whether the app took it, its attempts and its last answer.
 */
export function LogoutDeliveriesCard({
  deliveries,
  failed,
}: {
  deliveries: LogoutDelivery[] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation('activity');
  let body: ReactNode;
  if (failed) body = <p className="text-sm text-destructive">{t('logoutDeliveries.failed')}</p>;
  else if (!deliveries) body = <Spinner />;
  else if (deliveries.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('logoutDeliveries.empty')}</p>;
  else
    body = (
      <ol className="space-y-3">
        {deliveries.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
          <li key={`${d.at}-${i}`} className="space-y-1 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">{t(`logoutDeliveries.reasons.${d.reason}`)}</span>
              <Badge variant={d.state === 'failed' ? 'destructive' : 'outline'}>
                {t(STATE_KEYS[d.state])}
              </Badge>
              {d.with_sid ? (
                <span className="text-xs text-muted-foreground">{t('logoutDeliveries.withSid')}</span>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <time dateTime={d.at}>{formatDateTime(d.at)}</time>
              <span>{t('logoutDeliveries.attempts', { count: d.attempts })}</span>
              {d.last_status !== null || d.last_error ? (
                <span>
                  {t('logoutDeliveries.lastAnswer', {
                    answer: d.last_error ?? String(d.last_status),
                  })}
                </span>
              ) : null}
              {d.next_attempt_at && d.state === 'retrying' ? (
                <span>{t('logoutDeliveries.nextAttempt', { date: formatDateTime(d.next_attempt_at) })}</span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    );
  return (
    <Card data-testid="logout-deliveries">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <LogOut aria-hidden="true" className="size-5 text-primary" />
          {t('logoutDeliveries.title')}
        </h2>
        <CardDescription>{t('logoutDeliveries.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
