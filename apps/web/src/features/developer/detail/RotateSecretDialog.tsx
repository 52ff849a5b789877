import { SECRET_GRACES, type SecretGrace } from '@omnia/contracts/constants';
import type { RotateResponse } from '@omnia/contracts/developer';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { message } from '@/lib/messages';
import { useRotateSecret } from '../api';

/**
 * 'Rotate Client Secret' behind the SPEC's confirmation text, with how long the old secret keeps
 * working (none by default, as the SPEC's text says).
 */
export function RotateSecretDialog({
  clientId,
  previousUntil,
  onRotated,
}: {
  clientId: string;
  /** Until when the secret the last rotation replaced still works: this rotation ends it. */
  previousUntil: string | null;
  onRotated(result: RotateResponse): void;
}) {
  const { t } = useTranslation('developer');
  const [open, setOpen] = useState(false);
  const [grace, setGrace] = useState<SecretGrace>('none');
  const graceId = useId();
  const { withStepUp, dialog } = useStepUp();
  const rotation = useRotateSecret(clientId, withStepUp, {
    onSuccess: (result) => {
      onRotated(result);
      toast.success(message('rotateSuccess'));
      setOpen(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_required') return;
      // A server or network failure means no new secret was made; anything else, it was not saved.
      const generateFailed = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      toast.error(generateFailed ? message('rotateGenerateFailure') : message('rotateUpdateFailure'));
    },
  });
  const busy = rotation.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <RefreshCw />
          {t('detail.rotate')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('detail.rotateTitle')}</DialogTitle>
          <DialogDescription>{message('rotateConfirm')}</DialogDescription>
        </DialogHeader>
        {previousUntil ? (
          <p className="text-sm text-destructive">
            {t('detail.rotateEndsPrevious', { date: formatDateTime(previousUntil) })}
          </p>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor={graceId} className="block text-sm font-medium">
            {t('detail.graceLabel')}
          </label>
          <select
            id={graceId}
            value={grace}
            disabled={busy}
            aria-describedby={`${graceId}-hint`}
            onChange={(e) => setGrace(SECRET_GRACES.find((g) => g === e.target.value) ?? 'none')}
            className="flex h-10 w-full rounded-md border border-input bg-background/60 px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          >
            {SECRET_GRACES.map((g) => (
              <option key={g} value={g}>
                {t(`detail.grace.${g}`)}
              </option>
            ))}
          </select>
          <p id={`${graceId}-hint`} className="text-xs text-muted-foreground">
            {t('detail.graceHint')}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
            {t('detail.cancel')}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => rotation.mutate({ grace })}>
            <RefreshCw className={busy ? 'animate-spin motion-reduce:animate-none' : undefined} />
            {busy ? t('detail.rotating') : t('detail.rotateConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
