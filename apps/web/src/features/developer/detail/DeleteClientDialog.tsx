import type { OAuthClient } from '@omnia/contracts/developer';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/messages';
import { deleteClient } from '../api';

/**
 * 'Delete app' behind a typed confirmation (the app's name): every sign-in and token of the app
 * ends for all its users, and it leaves their Connected apps.
 */
export function DeleteClientDialog({ client, onDeleted }: { client: OAuthClient; onDeleted(): void }) {
  const { t } = useTranslation('developer');
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { withStepUp, dialog } = useStepUp();
  const remove = useMutation({
    mutationFn: () => withStepUp(() => deleteClient(client.id, { confirm: typed })),
    onSuccess: () => {
      toast.success(t('delete.done', { app: client.name }));
      setOpen(false);
      onDeleted();
    },
    onError: (err) => setError(errorMessage(err, 'unexpectedError')),
  });
  const busy = remove.isPending;
  const matches = typed.trim() === client.name.trim();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setTyped('');
        setError(undefined);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 />
          {t('delete.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('delete.title', { app: client.name })}</DialogTitle>
          <DialogDescription>{t('delete.body', { app: client.name })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) remove.mutate();
          }}
        >
          <Input
            id={inputId}
            label={t('delete.typeName', { app: client.name })}
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || busy} aria-busy={busy}>
              <Trash2 />
              {busy ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
