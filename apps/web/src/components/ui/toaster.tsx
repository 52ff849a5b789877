import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

/** Toasts (sonner), following the app theme. Call `toast.success(...)` / `toast.error(...)` from sonner. */
export function Toaster() {
  const { theme } = useTheme();
  const { t } = useTranslation('common');
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position="top-right"
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
