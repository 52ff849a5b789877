import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
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
import { message } from '@/lib/messages';
import { useRotateSecret } from '../api';

/** 'Rotate Client Secret' behind the SPEC's confirmation text. */
export function RotateSecretDialog({
  clientId,
  onRotated,
}: {
  clientId: string;
  onRotated(secret: string, updatedAt: string): void;
}) {
  const { t } = useTranslation('developer');
  const [open, setOpen] = useState(false);
  const { withStepUp, dialog } = useStepUp();
  const rotation = useRotateSecret(clientId, withStepUp, {
    onSuccess: (result) => {
      onRotated(result.client_secret, result.updated_at);
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
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
            {t('detail.cancel')}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => rotation.mutate()}>
            <RefreshCw className={busy ? 'animate-spin motion-reduce:animate-none' : undefined} />
            {busy ? t('detail.rotating') : t('detail.rotateConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
