import { zodResolver } from '@hookform/resolvers/zod';
import { addMemberSchema } from '@omnia/contracts/members';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { cancelledConfirmation } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { errorMessage, fieldError, message } from '@/lib/messages';
import { useAddMember } from './api';

/** The owner adds a member by username; a refusal (unknown, already there, the limit) shows under the field. */
export function AddMemberForm({
  userId,
  appId,
  withStepUp,
}: {
  userId: string | undefined;
  appId: string;
  withStepUp: WithStepUp;
}) {
  const { t } = useTranslation('members');
  const id = useId();
  const add = useAddMember(userId, appId, withStepUp);
  const form = useForm<z.input<typeof addMemberSchema>, unknown, z.output<typeof addMemberSchema>>({
    resolver: zodResolver(addMemberSchema),
    defaultValues: { username: '' },
    reValidateMode: 'onSubmit',
  });
  const error = fieldError(form.formState.errors.username?.message);
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        form.reset({ username: '' });
        toast.success(message('memberAdded'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400)
          form.setError('username', { message: errorMessage(err, 'membersFailure') });
        else if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'membersFailure'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-1.5" data-testid="add-member">
      <label htmlFor={id} className="text-sm font-medium">
        {t('add.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          autoComplete="off"
          placeholder={t('add.placeholder')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          {...form.register('username')}
        />
        <Button type="submit" variant="brand" size="sm" className="h-9 shrink-0" disabled={add.isPending}>
          {add.isPending ? t('add.adding') : t('add.submit')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('add.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
