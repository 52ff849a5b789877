import { DEVICE_VERIFICATION } from '@omnia/contracts/device';
import { useTranslation } from 'react-i18next';

/** How a device app signs people in, in place of redirect URIs: the address its screen shows. */
export function DeviceSignIn() {
  const { t } = useTranslation('developer');
  return (
    <section className="space-y-2" data-testid="device-sign-in">
      <h2 className="text-sm font-medium">{t('detail.deviceTitle')}</h2>
      <p className="text-xs text-muted-foreground">{t('detail.deviceBody')}</p>
      <code className="block rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-xs break-all">
        {`${window.location.origin}${DEVICE_VERIFICATION}`}
      </code>
    </section>
  );
}
