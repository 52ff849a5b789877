import type { ConsentDetails } from '@omnia/contracts/developer';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A device asks (the device authorization grant): its code, for the person to check against the
 * device's screen (RFC 8628 §5.4, a code sent by someone else is a phishing attempt), and where it
 * asked from (its address, and the browser and system the server could name).
 */
export function DeviceLine({ device }: { device: NonNullable<ConsentDetails['device']> }) {
  const { t } = useTranslation('consent');
  return (
    <div className="space-y-2 rounded-md border border-border p-3 text-sm" data-testid="consent-device">
      <p className="flex items-center gap-2 font-medium">
        <MonitorSmartphone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {t('device.title')}
      </p>
      <p>
        {t('device.code')}{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-base tracking-widest">
          {device.user_code}
        </code>
      </p>
      <p className="text-xs text-muted-foreground">{t('device.check')}</p>
      {device.ip ? (
        <p className="text-xs break-words text-muted-foreground">
          {device.user_agent
            ? t('device.from', { device: device.user_agent, ip: device.ip })
            : t('device.fromAddress', { ip: device.ip })}
        </p>
      ) : null}
    </div>
  );
}
