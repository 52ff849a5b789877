import { DEFAULT_LANGUAGE } from '@omnia/contracts/constants';
import i18n from '@/lib/i18n';

/**
 * Dates and numbers in the reader's language. One date style for the whole app (SPEC 'MMM d,
 * yyyy', localized): formatDate for dates (joined, created, born, authorized), formatDateTime for
 * the times in lists (sessions, sign-ins, security activity), the same date plus the time. Every helper takes the language from i18n (the
 * one the UI is shown in) unless one is passed, so screens re-render with the right format when
 * the language changes (components using useTranslation re-render on change).
 */
export type DateInput = Date | string | number;

function locale(lng?: string): string {
  return lng ?? i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}

function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lng, options);
    cache.set(key, formatter);
  }
  return formatter;
}

/** 'Nov 23, 2026' (en), '23. Nov. 2026' (de), '23 nov. 2026' (fr), '23 nov 2026' (es). Unparsable input is returned as given. */
export function formatDate(value: DateInput, lng?: string): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormatter(locale(lng), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** The date as formatDate plus the local time: 'Nov 23, 2026, 2:05 PM' (en), '23. Nov. 2026, 14:05' (de). */
export function formatDateTime(value: DateInput, lng?: string): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormatter(locale(lng), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** 12,345 (en), 12.345 (de), 12 345 (fr), 12.345 (es). */
export function formatNumber(value: number, lng?: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(lng), options).format(value);
}
