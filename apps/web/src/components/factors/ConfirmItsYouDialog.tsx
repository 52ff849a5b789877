import type { StepUpInput } from '@omnia/contracts/factors';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { confirmItsYou, confirmWithPasskey } from '@/lib/factors';
import { errorMessage } from '@/lib/messages';
import { CodeField } from './CodeField';

/**
 * 'Confirm it's you' before a sensitive action: the authenticator's code (or a recovery code) when
 * the account has a second factor, else the password. Wrong answers are said under the field.
 */
export function ConfirmItsYouDialog({
  open,
  withCode,
  hasRecoveryCodes,
  hasPasskeys,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  withCode: boolean;
  hasRecoveryCodes: boolean;
  /** The account has passkeys: one of them may confirm too. */
  hasPasskeys: boolean;
  onConfirmed(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('factors');
  const [kind, setKind] = useState<'password' | 'totp' | 'recovery'>(withCode ? 'totp' : 'password');
  const shown = withCode ? (kind === 'password' ? 'totp' : kind) : 'password';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({
    mutationFn: (input: StepUpInput) => confirmItsYou(input),
    onSuccess: () => {
      setValue('');
      onConfirmed();
    },
    onError: (err) => setError(errorMessage(err, 'unexpectedError')),
  });
  const byPasskey = useMutation({
    mutationFn: confirmWithPasskey,
    onSuccess: () => onConfirmed(),
    onError: (err) => {
      if (!(err instanceof Error && err.name === 'NotAllowedError'))
        setError(errorMessage(err, 'unexpectedError'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!v) return setError(shown === 'password' ? t('confirm.password') : t('twoStep.code'));
    confirm.mutate(
      shown === 'password' ? { password: value } : shown === 'totp' ? { code: v } : { recovery_code: v },
    );
  };
  const label =
    shown === 'password'
      ? t('confirm.password')
      : shown === 'totp'
        ? t('twoStep.code')
        : t('twoStep.recoveryCode');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !confirm.isPending) {
          setValue('');
          setError(undefined);
          onCancel();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('confirm.title')}</DialogTitle>
          <DialogDescription>
            {shown === 'password' ? t('confirm.bodyPassword') : t('confirm.bodyCode')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4" data-testid="confirm-its-you">
          {shown === 'password' ? (
            <Input
              type="password"
              autoComplete="current-password"
              label={label}
              value={value}
              error={error}
              autoFocus
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
            />
          ) : (
            <CodeField
              key={shown}
              kind={shown}
              label={label}
              value={value}
              error={error}
              autoFocus
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
            />
          )}
          {withCode && hasPasskeys ? (
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={byPasskey.isPending}
              onClick={() => byPasskey.mutate()}
            >
              {t('twoStep.usePasskey')}
            </Button>
          ) : null}
          {withCode && hasRecoveryCodes ? (
            <Button
              type="button"
              variant="link"
              className="px-0"
              onClick={() => {
                setKind(shown === 'totp' ? 'recovery' : 'totp');
                setValue('');
                setError(undefined);
              }}
            >
              {shown === 'totp' ? t('twoStep.useRecovery') : t('twoStep.useCode')}
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={confirm.isPending} onClick={() => onCancel()}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" variant="brand" disabled={confirm.isPending} aria-busy={confirm.isPending}>
              {confirm.isPending ? t('confirm.busy') : t('confirm.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
