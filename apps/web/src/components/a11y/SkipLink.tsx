import { useTranslation } from 'react-i18next';

/**
 * The first stop of the Tab order: jumps past headers and navigation to the screen's main content
 * (every screen's <main> is #main-content with tabIndex -1, so the jump also moves focus).
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main-content"
      className="sr-only z-[100] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('skipToContent')}
    </a>
  );
}
