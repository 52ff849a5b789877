import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/messages';
import { useRequestFactorRecovery } from '../api';

/**
 * The way back for someone who lost every second step, at the second step of a sign-in: a recovery
 * request, which turns two-step off only after seven days, told to the owner (who can cancel it).
 */
export function LostSecondSteps({ onExpired }: { onExpired(message: string): void }) {
  const { t } = useTranslation('factors', { keyPrefix: 'twoStep' });
  const [open, setOpen] = useState(false);
  const request = useRequestFactorRecovery({
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'two_step_expired')
        onExpired(errorMessage(err, 'unexpectedError'));
    },
  });
  if (request.data) {
    return (
      <p role="status" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
        {t('lostDone', { date: formatDateTime(request.data.removal_after) })}
      </p>
    );
  }
  if (!open) {
    return (
      <Button type="button" variant="link" className="w-full" onClick={() => setOpen(true)}>
        {t('lost')}
      </Button>
    );
  }
  return (
    <div className="space-y-3 rounded-md border border-border p-3 text-sm" data-testid="lost-second-steps">
      <p className="flex items-start gap-2">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>{t('lostBody')}</span>
      </p>
      {request.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(request.error, 'unexpectedError')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={request.isPending}
          onClick={() => request.mutate()}
        >
          {request.isPending ? t('lostBusy') : t('lostRequest')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('lostBack')}
        </Button>
      </div>
    </div>
  );
}
