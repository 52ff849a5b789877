import { zodResolver } from '@hookform/resolvers/zod';
import { type StepUpInput, stepUpSchema } from '@omnia/contracts/factors';
import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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
import { useConfirmItsYou, useConfirmWithPasskey } from '@/lib/factors';
import { errorOr, SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';
import { CodeField } from './CodeField';

type Kind = 'password' | SecondStepCode;

/** The one field's rule for each way to confirm: the contracts' stepUpSchema branch of that kind. */
const [byPassword, byCode, byRecoveryCode] = stepUpSchema.options;
const ANSWER = {
  password: z.object({ answer: byPassword.shape.password }),
  totp: z.object({ answer: byCode.shape.code }),
  recovery: z.object({ answer: byRecoveryCode.shape.recovery_code }),
};
type Answer = z.input<(typeof ANSWER)[Kind]>;

const stepUpInput = (kind: Kind, answer: string): StepUpInput =>
  kind === 'password' ? { password: answer } : kind === 'totp' ? { code: answer } : { recovery_code: answer };

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
  const [kind, setKind] = useState<Kind>(withCode ? 'totp' : 'password');
  const shown = withCode ? (kind === 'password' ? 'totp' : kind) : 'password';
  const form = useForm<Answer>({
    resolver: zodResolver(ANSWER[shown]),
    defaultValues: { answer: '' },
    ...SAY_ON_SUBMIT,
  });
  const confirm = useConfirmItsYou();
  const byPasskey = useConfirmWithPasskey();
  const saidUnder = (err: unknown) =>
    form.setError('answer', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
  const onSubmit = form.handleSubmit(async ({ answer }) => {
    try {
      await confirm.mutateAsync(stepUpInput(shown, answer));
    } catch (err) {
      saidUnder(err);
      return;
    }
    form.reset();
    onConfirmed();
  });
  const label =
    shown === 'password'
      ? t('confirm.password')
      : shown === 'totp'
        ? t('twoStep.code')
        : t('twoStep.recoveryCode');
  // A failed rule is said with the field's own label, as the form has always said it.
  const error = errorOr(form.formState.errors.answer, shown === 'password' ? label : t('twoStep.code'));
  const answer = form.register('answer', { onChange: () => form.clearErrors() });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !confirm.isPending) {
          form.reset();
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
        <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="confirm-its-you">
          {shown === 'password' ? (
            <Input
              type="password"
              autoComplete="current-password"
              label={label}
              error={error}
              autoFocus
              {...answer}
            />
          ) : (
            <CodeField key={shown} kind={shown} label={label} error={error} autoFocus {...answer} />
          )}
          {hasPasskeys ? (
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={byPasskey.isPending}
              onClick={() =>
                byPasskey.mutate(undefined, {
                  onSuccess: () => onConfirmed(),
                  onError: (err) => {
                    if (!(err instanceof Error && err.name === 'NotAllowedError')) saidUnder(err);
                  },
                })
              }
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
                form.reset();
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
