import { zodResolver } from '@hookform/resolvers/zod';
import { type TotpSetup, totpCodeSchema } from '@omnia/contracts/factors';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/factors/CodeField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useVerifyTotp, type WithStepUp } from '@/lib/factors';
import { errorOr, SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage } from '@/lib/messages';

/**
 * 'Set up': the QR code (an image of the server's SVG, never markup in the page) and the setup key
 * as text, then the app's first code. The first second factor brings the recovery codes.
 */
export function TotpSetupDialog({
  setup,
  withStepUp,
  onClose,
  onEnabled,
}: {
  setup: TotpSetup | null;
  /** The card's 'Confirm it's you' (useStepUp), asked again if the setup's confirmation ran out. */
  withStepUp: WithStepUp;
  onClose(): void;
  onEnabled(recoveryCodes: string[] | undefined): void;
}) {
  const { t } = useTranslation('factors', { keyPrefix: 'security' });
  const { t: tf } = useTranslation('factors');
  const form = useForm<{ code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
    ...SAY_ON_SUBMIT,
  });
  const verify = useVerifyTotp(withStepUp);
  const submit = form.handleSubmit(async ({ code }) => {
    const added = await verify.mutateAsync(code).catch((err: unknown) => {
      form.setError('code', { type: SERVER_ERROR, message: errorMessage(err, 'unexpectedError') });
    });
    if (!added) return;
    form.reset();
    onEnabled(added.recovery_codes);
  });
  const qr = setup ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}` : '';
  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        if (!open && !verify.isPending) {
          form.reset();
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('setupTitle')}</DialogTitle>
          <DialogDescription>{t('setupStep1')}</DialogDescription>
        </DialogHeader>
        {setup ? (
          <div className="space-y-4">
            <img src={qr} alt={t('qrAlt')} className="mx-auto size-48 rounded-md bg-white p-2" />
            <div className="space-y-1">
              <p className="text-sm font-medium">{t('setupKey')}</p>
              <p
                className="rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-sm break-all"
                data-testid="setup-key"
              >
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </p>
            </div>
            <form noValidate onSubmit={submit} className="space-y-3">
              <p className="text-sm text-muted-foreground">{t('setupStep2')}</p>
              <CodeField
                kind="totp"
                label={tf('twoStep.code')}
                // A failed rule is said with the field's label (the contracts' words are not the form's).
                error={errorOr(form.formState.errors.code, tf('twoStep.code'))}
                {...form.register('code', { onChange: () => form.clearErrors() })}
              />
              <Button
                type="submit"
                variant="brand"
                className="w-full"
                disabled={verify.isPending}
                aria-busy={verify.isPending}
              >
                {t('verify')}
              </Button>
            </form>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
