import { zodResolver } from '@hookform/resolvers/zod';
import { type MessageKey, rule } from '@omnia/contracts/messages';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
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

interface Confirm {
  confirm: string;
}

/** The name typed to confirm, as the server compares it: trimmed, the case as shown. */
const isName = (typed: string, name: string) => typed.trim() === name.trim();

/**
 * A developer's 'Delete …' behind the thing's name typed to confirm (an app, an API): the button
 * stays off until the name matches; a refusal (also a cancelled 'Confirm it's you') is said at the
 * field and nothing is deleted. The texts come translated from the caller.
 */
export function DeleteByNameDialog(props: {
  name: string;
  schema: z.ZodType<Confirm, Confirm>;
  mismatch: MessageKey;
  texts: {
    open: string;
    title: string;
    body: string;
    typeName: string;
    confirm: string;
    deleting: string;
    cancel: string;
    done: string;
  };
  remove(input: Confirm): Promise<unknown>;
  busy: boolean;
  /** The step-up dialog of the caller's `useStepUp`, which `remove` goes through. */
  stepUp: ReactNode;
  onDeleted(): void;
}) {
  const { name, texts, busy } = props;
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<Confirm>({
    resolver: zodResolver(
      props.schema.refine((v) => isName(v.confirm, name), { ...rule(props.mismatch), path: ['confirm'] }),
    ),
    defaultValues: { confirm: '' },
    ...SAY_ON_SUBMIT,
  });
  const matches = isName(form.watch('confirm'), name);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await props.remove(values);
    } catch (err) {
      form.setError('confirm', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
      return;
    }
    toast.success(texts.done);
    setOpen(false);
    props.onDeleted();
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
          {texts.open}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.body}</DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={onSubmit}>
          <Input
            id={inputId}
            label={texts.typeName}
            autoComplete="off"
            error={form.formState.errors.confirm?.message}
            {...form.register('confirm', { onChange: () => form.clearErrors() })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || busy} aria-busy={busy}>
              <Trash2 />
              {busy ? texts.deleting : texts.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {props.stepUp}
    </Dialog>
  );
}
