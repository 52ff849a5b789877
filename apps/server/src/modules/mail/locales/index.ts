import { DEFAULT_LANGUAGE, LANGUAGES, type Language, PRODUCT_NAME } from '@omnia/contracts';
import { de } from './de';
import { en, type MailStrings } from './en';
import { es } from './es';
import { fr } from './fr';

export type { MailStrings } from './en';

/** Every language's e-mail catalogue (a missing language or key is a type error). */
export const MAIL_STRINGS: Record<Language, MailStrings> = { en, es, fr, de };

/** `{{name}}` → vars.name; `{{product}}` is always the product name. */
export function fill(template: string, vars: Record<string, string> = {}): string {
  const all: Record<string, string> = { product: PRODUCT_NAME, ...vars };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => all[name] ?? whole);
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header that Omnia speaks (by quality), else undefined. */
export function languageFromHeader(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.base).find(isLanguage);
}

export const mailStrings = (lang: Language | undefined): MailStrings =>
  MAIL_STRINGS[lang ?? DEFAULT_LANGUAGE];
