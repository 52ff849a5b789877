import { DEFAULT_LANGUAGE } from '@omnia/contracts/constants';
import i18n from '@/lib/i18n';

/**
 * 'November 23, 2026' (en), '23. November 2026' (de), '23 novembre 2026' (fr), '23 de noviembre de
 * 2026' (es): the long date the Account tab and the profile show, in the UI's language.
 */
export function formatLongDate(date: Date): string {
  const lng = i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
  return new Intl.DateTimeFormat(lng, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
