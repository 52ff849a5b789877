import type { TotpSetup } from '@omnia/contracts/factors';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/factors/CodeField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { verifyTotp } from '@/lib/factors';
import { errorMessage } from '@/lib/messages';

/**
 * 'Set up': the QR code (an image of the server's SVG, never markup in the page) and the setup key
 * as text, then the app's first code. The first second factor brings the recovery codes.
 */
export function TotpSetupDialog({
  setup,
  onClose,
  onEnabled,
}: {
  setup: TotpSetup | null;
  onClose(): void;
  onEnabled(recoveryCodes: string[] | undefined): void;
}) {
  const { t } = useTranslation('factors', { keyPrefix: 'security' });
  const { t: tf } = useTranslation('factors');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: () => verifyTotp(code.trim()),
    onSuccess: (added) => {
      setCode('');
      onEnabled(added.recovery_codes);
    },
    onError: (err) => setError(errorMessage(err, 'unexpectedError')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(tf('twoStep.code'));
    verify.mutate();
  };
  const qr = setup ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}` : '';
  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        if (!open && !verify.isPending) {
          setCode('');
          setError(undefined);
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
                value={code}
                error={error}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(undefined);
                }}
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
