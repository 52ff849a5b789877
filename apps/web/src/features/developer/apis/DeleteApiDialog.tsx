import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteApiInput, type DeveloperApi, deleteApiSchema } from '@omnia/contracts/apis';
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
import { useDeleteApi } from './api';

/** The API's name typed to confirm (as the server compares it: trimmed, the case as shown). */
const isName = (typed: string, name: string) => typed.trim() === name;

/** 'Delete API' behind its typed name: no app gets a token for it any more. */
export function DeleteApiDialog({
  api,
  userId,
  onDeleted,
}: {
  api: DeveloperApi;
  userId: string;
  onDeleted(): void;
}) {
  const { t } = useTranslation('apis');
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteApiInput>({
    resolver: zodResolver(
      deleteApiSchema.refine((v) => isName(v.confirm, api.name), {
        ...rule('apiDeleteConfirmMismatch'),
        path: ['confirm'],
      }),
    ),
    defaultValues: { confirm: '' },
    ...SAY_ON_SUBMIT,
  });
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteApi(userId, api.id, withStepUp);
  const busy = remove.isPending;
  const matches = isName(form.watch('confirm'), api.name);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (err) {
      // Cancelling 'Confirm it's you' is said here too: the API was not deleted.
      form.setError('confirm', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
      return;
    }
    toast.success(t('delete.done', { name: api.name }));
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
          <DialogTitle>{t('delete.title', { name: api.name })}</DialogTitle>
          <DialogDescription>{t('delete.body')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={onSubmit}>
          <Input
            id={inputId}
            label={t('delete.typeName', { name: api.name })}
            autoComplete="off"
            error={form.formState.errors.confirm?.message}
            {...form.register('confirm', { onChange: () => form.clearErrors() })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              {t('cancel')}
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
