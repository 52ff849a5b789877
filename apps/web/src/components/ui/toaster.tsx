import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';
import { useTheme } from '@/lib/theme';

/**
 * Toasts (sonner), following the app theme. Call `toast.success(...)` / `toast.error(...)` from
 * sonner. They appear at the bottom, clear of the header's bell and account menu. When the page's
 * language changes, a toast written in the old one goes (a `liveText` one is worded anew).
 */
export function Toaster() {
  const { theme } = useTheme();
  const { t, i18n } = useTranslation('common');
  useEffect(() => {
    const dropStale = () => {
      for (const shown of toast.getToasts())
        if ('title' in shown && typeof shown.title === 'string') toast.dismiss(shown.id);
    };
    i18n.on('languageChanged', dropStale);
    return () => i18n.off('languageChanged', dropStale);
  }, [i18n]);
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position="bottom-right"
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
