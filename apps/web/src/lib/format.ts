import { DEFAULT_LANGUAGE } from '@omnia/contracts/constants';
import i18n from '@/lib/i18n';

/**
 * Dates and numbers in the reader's language. Every helper takes the language from i18n (the
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

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '5 minutes ago', 'vor 5 Minuten', 'il y a 5 minutes', 'hace 5 minutos'; under a minute: 'now' in each language. */
export function formatRelative(value: DateInput, lng?: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const formatter = new Intl.RelativeTimeFormat(locale(lng), { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return formatter.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.trunc(seconds / size), unit);
  }
  return formatter.format(0, 'second');
}

/** 12,345 (en), 12.345 (de), 12 345 (fr), 12.345 (es). */
export function formatNumber(value: number, lng?: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(lng), options).format(value);
}
