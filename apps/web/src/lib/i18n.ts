import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@omnia/contracts/constants';
import { firstSupportedLanguage } from '@omnia/contracts/web-routes';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every UI string lives in a catalogue beside the screens that use it, one file per namespace and
 * language, `<namespace>.<language>.ts` (for example `features/auth/locales/auth.en.ts` and
 * `auth.de.ts`), default-exporting its strings. English is the source: the other languages
 * `satisfies Translation<typeof en>`. All of a language's catalogues load when it is chosen, English
 * always (it is the fallback); the namespaces are the English catalogues found.
 */
type CatalogueModule = { default: Record<string, unknown> };
const catalogues = import.meta.glob<CatalogueModule>('../**/*.{en,es,fr,de}.ts');

/** `features/auth/locales/auth.de.ts` → { namespace: 'auth', language: 'de' }. */
export function catalogueOf(path: string): { namespace: string; language: Language } | undefined {
  const match = /\/([\w-]+)\.([a-z]{2})\.ts$/.exec(path);
  return match && isLanguage(match[2]) ? { namespace: match[1] as string, language: match[2] } : undefined;
}

/** Every namespace: one per English catalogue. */
export const NAMESPACES = Object.keys(catalogues).flatMap((path) => {
  const found = catalogueOf(path);
  return found?.language === DEFAULT_LANGUAGE ? [found.namespace] : [];
});

void i18n.use(initReactI18next).init({
  // Filled by loadLanguage; given (empty) so i18next looks for no backend.
  resources: {},
  ns: NAMESPACES,
  defaultNS: 'common',
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The shape a translation must have: the English catalogue's keys, every leaf a string. */
export type Translation<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : { readonly [K in keyof T]: Translation<T[K]> };

const loading = new Map<Language, Promise<void>>();

/** Loads a language's catalogues (and keeps them) without switching to it. */
export function loadLanguage(lng: Language): Promise<void> {
  let done = loading.get(lng);
  if (!done) {
    const files = Object.entries(catalogues).filter(([path]) => catalogueOf(path)?.language === lng);
    done = Promise.all(
      files.map(async ([path, load]) => {
        const { namespace } = catalogueOf(path) as { namespace: string };
        i18n.addResourceBundle(lng, namespace, (await load()).default, true, true);
      }),
    ).then(
      () => undefined,
      (err: unknown) => {
        // Tried again next time (a dropped connection, a deployment that replaced the files).
        loading.delete(lng);
        throw err;
      },
    );
    loading.set(lng, done);
  }
  return done;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages that Omnia speaks, else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? []): Language {
  // The server picks a pre-rendered page's language from Accept-Language by the same rule.
  return firstSupportedLanguage(preferred);
}

/** Switches the whole UI (and `<html lang>`) to `lng`, loading its strings (and English's) first. */
export async function setLanguage(lng: Language) {
  await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(lng)]);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export default i18n;
