import { useTranslation } from 'react-i18next';

/** A device or system name as the server reports it; missing or 'Unknown' reads in the UI's language. */
export function useKnown(): (value: unknown) => string {
  const { t } = useTranslation('settings');
  return (value) => (typeof value === 'string' && value && value !== 'Unknown' ? value : t('unknown'));
}
