import { useTranslation } from 'react-i18next';

/** A device or system name as the server reports it; missing or 'Unknown' reads in the UI's language. */
function useKnown(): (value: unknown) => string {
  const { t } = useTranslation('settings');
  return (value) => (typeof value === 'string' && value && value !== 'Unknown' ? value : t('unknown'));
}

/** How a session or sign-in reads: 'Chrome on Linux' when the browser is known, else 'Mac · macOS'. */
export function useDeviceLabel(): (where: { device?: unknown; os?: unknown; browser?: unknown }) => string {
  const { t } = useTranslation('settings');
  const known = useKnown();
  return ({ device, os, browser }) =>
    typeof browser === 'string' && browser
      ? t('browserOn', { browser, os: known(os) })
      : `${known(device)} · ${known(os)}`;
}
