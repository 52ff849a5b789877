import { useQuery } from '@tanstack/react-query';
import { MailQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/messages';
import { pendingEmailChangeQuery, useCancelPendingEmailChange } from '../api';

/**
 * A change of address waiting for the new address's link, under the address: where it goes, until
 * when, and 'Cancel' (not only in the bell, where it was said once).
 */
export function PendingEmailChange({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'changeEmail' });
  const pending = useQuery(pendingEmailChangeQuery(userId));
  const cancel = useCancelPendingEmailChange(userId, {
    onSuccess: () => toast.success(t('pendingCancelled')),
    onError: (err) => toast.error(errorMessage(err, 'unexpectedError')),
  });
  const change = pending.data;
  if (!change) return null;
  return (
    <div
      data-testid="pending-email-change"
      className="mt-2 flex flex-col gap-3 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <MailQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">
          {t('pendingTo')} <Breakable text={change.new_email} className="font-medium" />.{' '}
          {t('pendingUntil', { date: formatDateTime(change.expires_at) })}
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
      >
        {t('pendingCancel')}
      </Button>
    </div>
  );
}
