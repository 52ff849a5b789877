import type { AuthSession } from '@omnia/contracts/auth';
import type { SecondFactorMethod } from '@omnia/contracts/factors';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/factors/CodeField';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/messages';
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
  const { completeTwoStep, completeTwoStepWithPasskey } = useAuth();
  const withPasskey = useMutation({
    mutationFn: completeTwoStepWithPasskey,
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'two_step_expired')
        return onExpired(errorMessage(err, 'unexpectedError'));
      if (!(err instanceof Error && err.name === 'NotAllowedError'))
        setError(errorMessage(err, 'unexpectedError'));
    },
  });
  const [kind, setKind] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: () => completeTwoStep(kind, code.trim()),
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'two_step_expired')
        return onExpired(errorMessage(err, 'unexpectedError'));
      setError(errorMessage(err, 'unexpectedError'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'totp' && !/^\d{6}$/.test(code.trim())) return setError(t('code'));
    if (!code.trim()) return setError(t('recoveryCode'));
    setError(undefined);
    verify.mutate();
  };
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
        value={code}
        error={error}
        autoFocus
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
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
            setCode('');
            setError(undefined);
          }}
        >
          {kind === 'totp' ? t('useRecovery') : t('useCode')}
        </Button>
      ) : null}
      <LostSecondSteps onExpired={onExpired} />
    </form>
  );
}
