import { ERRORS, type ErrorCode } from '@omnia/contracts/errors';
import { format, MESSAGES, type MessageKey } from '@omnia/contracts/messages';
import { ApiError } from './api';
import i18n, { registerNamespace } from './i18n';

/**
 * The SPEC's messages (toasts, validation) and the server's error texts in the reader's language.
 * Their English stays the contracts' MESSAGES and ERRORS, which the server and the zod schemas
 * use; the screens show them through these helpers. MESSAGES placeholders are `{name}` (filled by
 * `format`), not i18next's `{{name}}`.
 */
export const messagesEn: { readonly [K in MessageKey]: string } = MESSAGES;

/** The server's public error texts by code, plus the few the client or a route writes itself. */
export const errorsEn = {
  ...(Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message])) as {
    readonly [K in ErrorCode]: string;
  }),
  network: 'Network error, please check your connection',
  chooseImage: 'Please choose an image to upload',
  /** rate_limited with its wait; `when` is 'in 15 minutes' in the reader's language. */
  rateLimitedIn: 'Too many attempts. Please try again {{when}}.',
};

registerNamespace('messages', messagesEn);
registerNamespace('errors', errorsEn);

const byEnglish = new Map<string, string>();
for (const [key, text] of Object.entries(errorsEn)) byEnglish.set(text, `errors:${key}`);
// MESSAGES win where both say the same (e.g. 'User not authenticated').
for (const [key, text] of Object.entries(messagesEn)) byEnglish.set(text, `messages:${key}`);

/** A SPEC message in the current language, `{name}` placeholders filled. */
export function message(key: MessageKey, values?: Record<string, string | number>): string {
  const text = i18n.t(key, { ns: 'messages' });
  return values ? format(text, values) : text;
}

/**
 * An English catalogue text (a zod message, a server error) in the current language; texts that
 * are not in the catalogue (a server's detailed description) are shown as they are.
 */
export function translateMessage(text: string): string;
export function translateMessage(text: string | undefined): string | undefined;
export function translateMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const key = byEnglish.get(text);
  return key ? i18n.t(key) : text;
}

/** 'in 42 seconds', 'in 15 Minuten', 'dans 15 minutes' (whole minutes from a minute on, rounded up). */
function retryPhrase(seconds: number): string {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'always' });
  return seconds < 60 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

/** What to show for a failed call: the server's error in the current language, else the fallback message. */
export function errorMessage(err: unknown, fallback: MessageKey): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return i18n.t('network', { ns: 'errors' });
    if (err.code === 'rate_limited' && err.retryAfterSeconds) {
      return i18n.t('rateLimitedIn', { ns: 'errors', when: retryPhrase(err.retryAfterSeconds) });
    }
    if (err.description === null || err.description === ERRORS[err.code].message) {
      return i18n.t(err.code, { ns: 'errors' });
    }
    return translateMessage(err.description);
  }
  if (err instanceof Error && err.message) return translateMessage(err.message);
  return message(fallback);
}
