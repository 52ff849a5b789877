import { zodResolver } from '@hookform/resolvers/zod';
import { type Passkey, passkeyNameSchema } from '@omnia/contracts/factors';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '@/lib/factors';
import { formatDate } from '@/lib/format';
import { SAY_ON_SUBMIT } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';

/** One passkey: its name (renamable), when it was added and last used, and Remove. */
function PasskeyRow({
  passkey,
  withStepUp,
  quiet,
  onChanged,
  onRemove,
  removing,
}: {
  passkey: Passkey;
  withStepUp: <T>(action: () => Promise<T>) => Promise<T>;
  /** An error already said elsewhere (the step-up dialog closed). */
  quiet(err: unknown): boolean;
  onChanged(): void;
  onRemove(): void;
  removing: boolean;
}) {
  const { t } = useTranslation('factors', { keyPrefix: 'passkeys' });
  const [editing, setEditing] = useState(false);
  // An empty name is not sent; the field says why.
  const form = useForm<{ name: string }>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: passkey.name },
    ...SAY_ON_SUBMIT,
  });
  const rename = useRenamePasskey(withStepUp);
  const submit = form.handleSubmit(({ name }) =>
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          onChanged();
        },
        onError: (err) => {
          if (!quiet(err)) toast.error(errorMessage(err, 'unexpectedError'));
        },
      },
    ),
  );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="passkey">
      <Fingerprint aria-hidden="true" className="size-5 text-muted-foreground" />
      {editing ? (
        // The name takes the row's width on a narrow screen, its buttons under it; beside it on a wide one.
        <form onSubmit={submit} className="flex min-w-0 flex-1 basis-48 flex-wrap items-start gap-2">
          <div className="min-w-48 flex-1">
            <Input
              label={t('name')}
              maxLength={60}
              autoFocus
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
          </div>
          <div className="flex gap-2 sm:mt-7">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {t('save')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                form.reset({ name: passkey.name });
                setEditing(false);
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{passkey.name}</p>
          <p className="text-xs text-muted-foreground">
            {t('added', { date: formatDate(passkey.created_at) })}
            {' · '}
            {passkey.last_used_at
              ? t('lastUsed', { date: formatDate(passkey.last_used_at) })
              : t('neverUsed')}
          </p>
        </div>
      )}
      {editing ? null : (
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          {t('rename')}
        </Button>
      )}
      <Button variant="outline" size="sm" disabled={removing} onClick={onRemove}>
        {t('remove')}
      </Button>
    </li>
  );
}

/** Settings → Security → Passkeys: add one (the browser's dialog), rename, remove. */
export function PasskeyList({
  passkeys,
  withStepUp,
  canAdd,
  onChanged,
}: {
  passkeys: Passkey[];
  withStepUp: <T>(action: () => Promise<T>) => Promise<T>;
  /** Passkeys can be made here (not on a deployment reached by IP address). */
  canAdd: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('factors', { keyPrefix: 'passkeys' });
  const quiet = (err: unknown) =>
    (err instanceof ApiError && err.code === 'step_up_required') ||
    (err instanceof Error && err.name === 'NotAllowedError');
  const add = useAddPasskey(
    withStepUp,
    // Named by its kind, in the person's language: this device's own, or a security key.
    (attachment) => (attachment === 'cross-platform' ? t('securityKey') : t('thisDevice')),
    {
      onSuccess: () => {
        toast.success(t('addedToast'));
        onChanged();
      },
      onError: (err) => {
        if (!quiet(err)) toast.error(errorMessage(err, 'unexpectedError'));
      },
    },
  );
  const remove = useRemovePasskey(withStepUp, {
    onSuccess: () => {
      toast.success(t('removedToast'));
      onChanged();
    },
    onError: (err) => {
      if (!quiet(err)) toast.error(errorMessage(err, 'unexpectedError'));
    },
  });
  return (
    <div className="space-y-2" data-testid="passkeys">
      <div className="flex flex-wrap items-start gap-3">
        <Fingerprint aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <h3 className="text-sm font-medium">{t('title')}</h3>
          <p className="text-sm text-muted-foreground">{t('body')}</p>
        </div>
        {canAdd ? (
          <Button variant="outline" size="sm" disabled={add.isPending} onClick={() => add.mutate()}>
            {t('add')}
          </Button>
        ) : null}
      </div>
      {passkeys.length ? (
        <ul className="divide-y divide-border pl-8">
          {passkeys.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              withStepUp={withStepUp}
              quiet={quiet}
              onChanged={onChanged}
              onRemove={() => remove.mutate(p.id)}
              removing={remove.isPending}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
