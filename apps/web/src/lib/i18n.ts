import { DEFAULT_LANGUAGE } from '@omnia/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '@/locales/en/common';

/**
 * English is the source of every UI string. Each feature registers its own namespace with
 * `registerNamespace` (features/<f>/locales/en.ts), so the catalogue lives beside the screens.
 */
export const resources = { en: { common } };

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function registerNamespace(ns: string, strings: Record<string, unknown>, lng = DEFAULT_LANGUAGE) {
  if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, strings, true, true);
}

export default i18n;
