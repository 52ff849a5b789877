import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteClientInput, deleteClientSchema, type OAuthClient } from '@omnia/contracts/developer';
import { rule } from '@omnia/contracts/messages';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';
import { useDeleteClient } from '../api';

/** The app's name typed to confirm (as the server compares it: trimmed, the case as shown). */
const isName = (typed: string, name: string) => typed.trim() === name.trim();

/**
 * 'Delete app' behind a typed confirmation (the app's name): every sign-in and token of the app
 * ends for all its users, and it leaves their Connected apps.
 */
export function DeleteClientDialog({ client, onDeleted }: { client: OAuthClient; onDeleted(): void }) {
  const { t } = useTranslation('developer');
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteClientInput>({
    resolver: zodResolver(
      deleteClientSchema.refine((v) => isName(v.confirm, client.name), {
        ...rule('appDeleteConfirmMismatch'),
        path: ['confirm'],
      }),
    ),
    defaultValues: { confirm: '' },
    ...SAY_ON_SUBMIT,
  });
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteClient(client.id, withStepUp);
  const busy = remove.isPending;
  const matches = isName(form.watch('confirm'), client.name);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (err) {
      // Cancelling 'Confirm it's you' is said here too: the app was not deleted.
      form.setError('confirm', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
      return;
    }
    toast.success(t('delete.done', { app: client.name }));
    setOpen(false);
    onDeleted();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        form.reset();
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
        <form noValidate className="space-y-4" onSubmit={onSubmit}>
          <Input
            id={inputId}
            label={t('delete.typeName', { app: client.name })}
            autoComplete="off"
            error={form.formState.errors.confirm?.message}
            {...form.register('confirm', { onChange: () => form.clearErrors() })}
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
