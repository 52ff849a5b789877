import type { DeveloperApi } from '@omnia/contracts/apis';
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
import { useDeleteApi } from './api';

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
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteApi(userId, api.id, withStepUp);
  const matches = typed.trim() === api.name;
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(typed);
    } catch (err) {
      setError(errorMessage(err, 'unexpectedError'));
      return;
    }
    toast.success(t('delete.done', { name: api.name }));
    setOpen(false);
    onDeleted();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
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
          <DialogTitle>{t('delete.title', { name: api.name })}</DialogTitle>
          <DialogDescription>{t('delete.body')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={submit}>
          <Input
            id={inputId}
            label={t('delete.typeName', { name: api.name })}
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
          />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() => setOpen(false)}
            >
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!matches || remove.isPending}
              aria-busy={remove.isPending}
            >
              <Trash2 />
              {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
