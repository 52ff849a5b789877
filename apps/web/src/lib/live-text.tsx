import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Text worded anew in the page's language whenever it changes (a toast outlives its screen). */
function LiveText({ text }: { text: () => string }) {
  // Subscribes to language changes: the text is written again in the new language.
  useTranslation();
  return <>{text()}</>;
}

/**
 * A toast's text that follows the page's language, for toasts shown just before the language may
 * change (signing in applies the account's language). Other toasts are dismissed by the Toaster when
 * the language changes, so no toast speaks another language than the page.
 */
export const liveText = (text: () => string): ReactNode => <LiveText text={text} />;
