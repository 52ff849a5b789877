import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthSession } from '@omnia/contracts/auth';
import {
  recoveryCodeSchema,
  type SecondFactorMethod,
  type SecondStepCode,
  totpCodeSchema,
} from '@omnia/contracts/factors';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/factors/CodeField';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { errorOr, SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';
import { useCompleteTwoStep, useCompleteTwoStepWithPasskey } from '../api';
import { LostSecondSteps } from './LostSecondSteps';

/**
 * The second step of a sign-in: the authenticator's code, or a recovery code. A wrong code is said
 * under the field; a half-signed-in state that ran out sends the person back to the password.
 */
export function TwoStepForm({
  methods,
  email,
  onDone,
  onExpired,
}: {
  methods: SecondFactorMethod[];
  /** The account signing in: said above the field, so nobody types a code for the wrong one. */
  email: string;
  onDone(session: AuthSession): void;
  onExpired(message: string): void;
}) {
  const { t } = useTranslation('factors', { keyPrefix: 'twoStep' });
  const [kind, setKind] = useState<SecondStepCode>(methods.includes('totp') ? 'totp' : 'recovery');
  const form = useForm<{ code: string }>({
    resolver: zodResolver(kind === 'totp' ? totpCodeSchema : recoveryCodeSchema),
    defaultValues: { code: '' },
    ...SAY_ON_SUBMIT,
  });
  const saidUnder = (err: unknown) =>
    form.setError('code', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
  const withPasskey = useCompleteTwoStepWithPasskey({
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'two_step_expired')
        return onExpired(errorMessage(err, 'unexpectedError'));
      if (!(err instanceof Error && err.name === 'NotAllowedError')) saidUnder(err);
    },
  });
  const verify = useCompleteTwoStep(kind, {
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'two_step_expired')
        return onExpired(errorMessage(err, 'unexpectedError'));
      saidUnder(err);
    },
  });
  const submit = form.handleSubmit(({ code }) => verify.mutate(code));
  const busy = verify.isPending || verify.isSuccess;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="two-step">
      <p className="text-center text-sm text-muted-foreground" data-testid="two-step-account">
        {t('signingInAs')} <Breakable text={email} className="font-medium text-foreground" />
      </p>
      <div className="flex items-start gap-3 rounded-md border border-border bg-muted/30 p-3 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <p>{kind === 'totp' ? t('body') : t('recoveryBody')}</p>
      </div>
      <CodeField
        key={kind}
        kind={kind}
        label={kind === 'totp' ? t('code') : t('recoveryCode')}
        // A failed rule is said with the field's label (the contracts' words are not the form's).
        error={errorOr(form.formState.errors.code, kind === 'totp' ? t('code') : t('recoveryCode'))}
        autoFocus
        {...form.register('code', { onChange: () => form.clearErrors() })}
      />
      <Button type="submit" variant="brand" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? t('busy') : t('verify')}
      </Button>
      {methods.includes('passkey') ? (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={busy || withPasskey.isPending}
          onClick={() => withPasskey.mutate()}
        >
          {t('usePasskey')}
        </Button>
      ) : null}
      {methods.includes('recovery') || kind === 'recovery' ? (
        <Button
          type="button"
          variant="link"
          className="w-full"
          onClick={() => {
            setKind(kind === 'totp' ? 'recovery' : 'totp');
            form.reset();
          }}
        >
          {kind === 'totp' ? t('useRecovery') : t('useCode')}
        </Button>
      ) : null}
      <LostSecondSteps onExpired={onExpired} />
    </form>
  );
}
