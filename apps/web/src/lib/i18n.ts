import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@omnia/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '@/locales/en/common';

/**
 * English is the source of every UI string: each feature registers its namespace with
 * `registerNamespace` (features/<f>/locales/en.ts), so the catalogue lives beside the screens.
 * Other languages live beside it as `<namespace>.<language>.ts` (for example `auth.de.ts`),
 * default-exporting a `Translation<typeof authEn>`, and are loaded only when that language is
 * chosen, so English visitors download none of them.
 */
export const resources = { en: { common } };

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function registerNamespace(ns: string, strings: Record<string, unknown>) {
  if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, ns)) {
    i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, strings, true, true);
  }
}

/** The shape a translation must have: the English catalogue's keys, every leaf a string. */
export type Translation<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : { readonly [K in keyof T]: Translation<T[K]> };

type TranslationModule = { default: Record<string, unknown> };
const translationFiles = import.meta.glob<TranslationModule>('../**/*.{es,fr,de}.ts');
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** `features/auth/locales/auth.de.ts` → ['auth', 'de']. */
export function namespaceOf(path: string): [string, string] | undefined {
  const match = /\/([\w-]+)\.(es|fr|de)\.ts$/.exec(path);
  return match ? [match[1] as string, match[2] as string] : undefined;
}

async function loadLanguage(lng: Language) {
  if (loaded.has(lng)) return;
  const files = Object.entries(translationFiles).filter(([path]) => namespaceOf(path)?.[1] === lng);
  await Promise.all(
    files.map(async ([path, load]) => {
      const [ns] = namespaceOf(path) as [string, string];
      i18n.addResourceBundle(lng, ns, (await load()).default, true, true);
    }),
  );
  loaded.add(lng);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages that Omnia speaks, else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** Switches the whole UI (and `<html lang>`) to `lng`, loading its strings first. */
export async function setLanguage(lng: Language) {
  await loadLanguage(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export default i18n;
