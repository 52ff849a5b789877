import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input, type InputProps } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';

/** What Change email and Delete account both send: an address and the account's password. */
export interface AddressAndPassword {
  email: string;
  password: string;
}

export interface PasswordConfirmDialogProps {
  trigger: ReactNode;
  title: string;
  description: string;
  /** The contracts' schema of the request (with any rule of the form's own). */
  schema: z.ZodType<AddressAndPassword, AddressAndPassword>;
  /** The address field: its label, type and autocomplete. */
  address: Pick<InputProps, 'label' | 'type' | 'autoComplete'>;
  /** Until this holds, the submit button stays disabled (both fields typed, the address matching...). */
  ready(values: AddressAndPassword): boolean;
  /** The request (with its step-up); rejects with the server's error. */
  send(values: AddressAndPassword): Promise<unknown>;
  /** The request is under way: the dialog stays open and its buttons wait. */
  pending: boolean;
  /** After the request, once the dialog has closed. */
  onSent(values: AddressAndPassword): unknown;
  texts: { password: string; cancel: string; submit: string; busy: string };
  submitVariant: 'brand' | 'destructive';
  /** useStepUp's dialog, rendered inside this one. */
  stepUpDialog: ReactNode;
}

/**
 * A dialog asking for an address and the password before a change of the account (Change email,
 * Delete account). A wrong password is said under the password, any other refusal under the
 * address; cancelling 'Confirm it's you' says nothing. Opening or closing starts it afresh.
 */
export function PasswordConfirmDialog({
  trigger,
  title,
  description,
  schema,
  address,
  ready,
  send,
  pending,
  onSent,
  texts,
  submitVariant,
  stepUpDialog,
}: PasswordConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<AddressAndPassword>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
    ...SAY_ON_SUBMIT,
  });
  const toggle = (next: boolean) => {
    if (pending) return;
    form.reset();
    setOpen(next);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'step_up_required') return;
      const field = err instanceof ApiError && err.code === 'wrong_password' ? 'password' : 'email';
      form.setError(field, { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
      return;
    }
    setOpen(false);
    await onSent(values);
  });
  // A said error goes as soon as either field changes.
  const clearErrors = () => form.clearErrors();
  const { errors } = form.formState;
  return (
    <Dialog open={open} onOpenChange={toggle}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Input
            {...address}
            error={errors.email?.message}
            {...form.register('email', { onChange: clearErrors })}
          />
          <Input
            type="password"
            autoComplete="current-password"
            label={texts.password}
            error={errors.password?.message}
            {...form.register('password', { onChange: clearErrors })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => toggle(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" variant={submitVariant} disabled={pending || !ready(form.watch())}>
              {pending ? texts.busy : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {stepUpDialog}
    </Dialog>
  );
}
