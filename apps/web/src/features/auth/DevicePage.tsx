import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEVICE_PAGE,
  DEVICE_VERIFICATION,
  type DeviceCodeInput,
  deviceCodeSchema,
  deviceErrorMessage,
} from '@omnia/contracts/device';
import { CheckCircle2, MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import { AuthShell } from './components/AuthShell';

/** The engine's verification endpoint, with the code of a verification link when there is one. */
const verificationUrl = (userCode: string | null) =>
  userCode ? `${DEVICE_VERIFICATION}?${new URLSearchParams({ user_code: userCode })}` : DEVICE_VERIFICATION;

/**
 * /device — the device authorization grant's page (RFC 8628): the person types the code their TV,
 * console or terminal shows. The engine sends the browser here with its one-time `xsrf` (and the
 * code of a verification link); the form posts back to the engine, which goes on to the consent
 * screen, and ends here with `done=1` or an error code (device-pages.ts on the server).
 */
export function DevicePage() {
  useScreenTitle('device');
  const { t } = useTranslation('device');
  const [params] = useSearchParams();
  const xsrf = params.get('xsrf');
  const error = params.get('error');
  const done = params.get('done') === '1';
  const form = useForm<DeviceCodeInput>({
    resolver: zodResolver(deviceCodeSchema),
    defaultValues: { user_code: params.get('user_code') ?? '' },
  });
  // The engine takes the code as a form post (its xsrf, then its redirects), not as an API call:
  // once the code passes, the browser posts the form itself.
  const formElement = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(() => {
    setSending(true);
    formElement.current?.submit();
  });
  // Opened without the engine's form details (typed address, a bookmark): get them first.
  const fetching = !xsrf && !done && !error;
  useEffect(() => {
    if (fetching) window.location.replace(verificationUrl(params.get('user_code')));
  }, [fetching, params]);

  if (done) {
    return (
      <AuthShell
        title={t('doneTitle')}
        above={<CheckCircle2 className="mx-auto mb-2 size-12 text-success" aria-hidden="true" />}
      >
        <div className="space-y-3 text-center">
          <p className="text-muted-foreground">{t('doneBody')}</p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/">{t('home')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  if (fetching) {
    return (
      <AuthShell title={t('title')}>
        <div className="flex justify-center py-6" role="status" aria-label={t('loading')}>
          <Spinner className="size-6" />
        </div>
      </AuthShell>
    );
  }

  const alert = error ? message(deviceErrorMessage(error)) : null;
  const codeError = form.formState.errors.user_code?.message ?? alert ?? undefined;
  return (
    <AuthShell
      title={t('title')}
      description={t('body')}
      above={<MonitorSmartphone className="mx-auto mb-2 size-12 text-primary" aria-hidden="true" />}
    >
      {xsrf ? (
        <form
          ref={formElement}
          method="post"
          action={DEVICE_VERIFICATION}
          noValidate
          className="space-y-4"
          onSubmit={submit}
        >
          <input type="hidden" name="xsrf" value={xsrf} />
          {/* The consent screen that follows shows the app, the device and this code. */}
          <input type="hidden" name="confirm" value="yes" />
          <Input
            label={t('codeLabel')}
            placeholder="BCDF-GHJK"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            className="text-center font-mono text-lg tracking-widest uppercase"
            error={codeError}
            {...form.register('user_code')}
          />
          <Button type="submit" variant="brand" className="w-full" disabled={sending}>
            {sending ? <Spinner className="size-4 text-current" /> : null}
            {t('submit')}
          </Button>
        </form>
      ) : (
        // Refused before the engine (too many tries): the message, and a fresh start.
        <div className="space-y-3 text-center">
          <p role="alert" className="text-sm text-destructive">
            {alert}
          </p>
          <Button asChild variant="outline" className="w-full">
            <a href={DEVICE_PAGE}>{t('tryAgain')}</a>
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
export { DevicePage as Component };
