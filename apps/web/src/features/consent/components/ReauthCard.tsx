import { zodResolver } from '@hookform/resolvers/zod';
import { type ReauthenticateInput, reauthenticateSchema } from '@omnia/contracts/auth';
import type { ConsentDetails } from '@omnia/contracts/developer';
import { totpCodeSchema } from '@omnia/contracts/factors';
import { KeyRound, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/factors/CodeField';
import { AppLogo } from '@/components/ui/app-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useConfirmItsYou, useConfirmWithPasskey } from '@/lib/factors';
import { errorOr, SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';
import { useReauthenticate } from '../api';
import { AccountLine, type AccountLineProps } from './AccountLine';

export interface ReauthCardProps extends AccountLineProps {
  client: ConsentDetails['client'];
  /** The account has a second factor: it confirms with a code, not the password. */
  withCode: boolean;
  /** The account's only second factor is a passkey: it confirms with one. */
  passkeyOnly?: boolean;
  /** The password was right: the session's sign-in is fresh, the details can be asked again. */
  onConfirmed(): Promise<unknown>;
}

/**
 * 'Confirm it's you': the application asked for a fresh sign-in (prompt=login, max_age), so the
 * signed-in person gives the password again before the authorization goes on.
 */
export function ReauthCard({
  client,
  email,
  onSwitch,
  switching,
  onConfirmed,
  withCode,
  passkeyOnly,
}: ReauthCardProps) {
  if (passkeyOnly) return <PasskeyReauth {...{ client, email, onSwitch, switching, onConfirmed }} />;
  if (withCode) return <CodeReauth {...{ client, email, onSwitch, switching, onConfirmed }} />;
  return <PasswordReauth {...{ client, email, onSwitch, switching, onConfirmed }} />;
}

/** 'Confirm it's you' with a passkey: the second factor of an account without an authenticator app. */
function PasskeyReauth({
  client,
  email,
  onSwitch,
  switching,
  onConfirmed,
}: Omit<ReauthCardProps, 'withCode' | 'passkeyOnly'>) {
  const { t } = useTranslation('consent');
  const { t: tf } = useTranslation('factors');
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmWithPasskey();
  const start = () =>
    confirm.mutate(undefined, {
      onSuccess: () => onConfirmed(),
      onError: (err) => {
        if (!(err instanceof Error && err.name === 'NotAllowedError'))
          setError(errorMessage(err, 'unexpectedError'));
      },
    });
  return (
    <Card className="overflow-hidden">
      <ReauthHeader
        client={client}
        email={email}
        onSwitch={onSwitch}
        switching={switching}
        body={tf('confirm.bodyPasskey')}
      />
      <CardContent className="space-y-3 pt-6" data-testid="reauth-passkey">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button
          variant="brand"
          className="w-full"
          disabled={confirm.isPending || switching}
          aria-busy={confirm.isPending}
          onClick={start}
        >
          {confirm.isPending ? t('reauth.busy') : tf('twoStep.usePasskey')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Confirm it's you' with the authenticator's code (an account with a second factor). */
function CodeReauth({
  client,
  email,
  onSwitch,
  switching,
  onConfirmed,
}: Omit<ReauthCardProps, 'withCode' | 'passkeyOnly'>) {
  const { t } = useTranslation('consent');
  const { t: tf } = useTranslation('factors');
  const form = useForm<{ code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
    ...SAY_ON_SUBMIT,
  });
  const confirm = useConfirmItsYou();
  const submit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
    } catch (err) {
      form.setError('code', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
      return;
    }
    await onConfirmed();
  });
  return (
    <Card className="overflow-hidden">
      <ReauthHeader
        client={client}
        email={email}
        onSwitch={onSwitch}
        switching={switching}
        body={tf('confirm.bodyCode')}
      />
      <CardContent className="pt-6">
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="reauth-code">
          <CodeField
            kind="totp"
            label={tf('twoStep.code')}
            // A failed rule is said with the field's label (the contracts' words are not the form's).
            error={errorOr(form.formState.errors.code, tf('twoStep.code'))}
            disabled={switching}
            {...form.register('code', { onChange: () => form.clearErrors() })}
          />
          <Button
            type="submit"
            variant="brand"
            className="w-full"
            disabled={confirm.isPending || switching}
            aria-busy={confirm.isPending}
          >
            {confirm.isPending ? t('reauth.busy') : t('reauth.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ReauthHeader({
  client,
  email,
  onSwitch,
  switching,
  body,
}: AccountLineProps & { client: ConsentDetails['client']; body: string }) {
  const { t } = useTranslation('consent');
  return (
    <CardHeader className="items-center gap-3 border-b border-border bg-muted/30 text-center">
      <div className="relative">
        <AppLogo src={client.logo_url} alt={t('appLogoAlt', { app: client.name })} size="lg" />
        <span className="absolute -right-1.5 -bottom-1.5 flex size-7 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground">
          <KeyRound aria-hidden="true" className="size-3.5" />
        </span>
      </div>
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">{t('reauth.title')}</h2>
        <p className="text-sm break-words text-muted-foreground">{body}</p>
      </div>
      <AccountLine email={email} onSwitch={onSwitch} switching={switching} />
    </CardHeader>
  );
}

/** 'Confirm it's you' with the password (an account without a second factor). */
function PasswordReauth({
  client,
  email,
  onSwitch,
  switching,
  onConfirmed,
}: Omit<ReauthCardProps, 'withCode' | 'passkeyOnly'>) {
  const { t } = useTranslation('consent');
  const form = useForm<ReauthenticateInput>({
    resolver: zodResolver(reauthenticateSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const confirm = useReauthenticate();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
    } catch (err) {
      // wrong_password, or rate_limited with its wait: shown under the field, which is kept for a retry.
      form.setError('password', { message: errorMessage(err, 'unexpectedError') }, { shouldFocus: true });
      return;
    }
    await onConfirmed();
  });

  return (
    <Card className="overflow-hidden">
      <ReauthHeader
        client={client}
        email={email}
        onSwitch={onSwitch}
        switching={switching}
        body={t('reauth.body', { app: client.name })}
      />
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {/* The account's e-mail for password managers; the person sees it on the account line. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Input
            type="password"
            autoComplete="current-password"
            label={t('reauth.password')}
            leftIcon={<Lock />}
            error={errors.password?.message}
            disabled={switching}
            {...form.register('password')}
          />
          <Button
            type="submit"
            variant="brand"
            className="w-full"
            disabled={isSubmitting || switching}
            aria-busy={isSubmitting}
          >
            {isSubmitting ? t('reauth.busy') : t('reauth.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
