import type { ErrorCode } from '@omnia/contracts/errors';
import { isMessageKey, type MessageKey, writeMessageKeys } from '@omnia/contracts/messages';
import { ApiError } from './api';
import i18n from './i18n';

/**
 * The SPEC's messages (toasts, validation: the `messages` namespace) and the server's error texts
 * (`errors`) in the reader's language, always by key. Their English is the contracts' MESSAGES and
 * ERRORS, which the server speaks; the screens show them through these helpers.
 */

// Here the shared schemas write a failed rule's key, not its English: forms hold keys (fieldError).
writeMessageKeys();

/** A SPEC message in the current language, `{{name}}` placeholders filled. */
export function message(key: MessageKey, values?: Record<string, string | number>): string {
  return i18n.t(key, { ...values, ns: 'messages' });
}

/** An error code's public text in the current language. */
export function errorText(code: ErrorCode | 'network'): string {
  return i18n.t(code, { ns: 'errors' });
}

/**
 * What a form field shows for its error: the shared schemas (and ApiError's fields) give a SPEC
 * message by its key, shown in the current language; any other text is already worded for the reader.
 */
export function fieldError(error: string | undefined): string | undefined {
  return error && isMessageKey(error) ? message(error) : error;
}

/** The words of a failed call in the current language; null when the server said nothing. */
export function serverWords(err: ApiError): string | null {
  if (!err.description) return null;
  return err.descriptionKey ? i18n.t(err.descriptionKey) : err.description;
}

/** 'in 42 seconds', 'in 15 Minuten', 'dans 15 minutes' (whole minutes from a minute on, rounded up). */
function retryPhrase(seconds: number): string {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'always' });
  return seconds < 60 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

/**
 * What to show for a failed call: the server's error in the current language, else the fallback
 * message (never a browser's or a library's own English, such as a WebAuthn refusal).
 */
export function errorMessage(err: unknown, fallback: MessageKey): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return errorText('network');
    // A limit the server words itself (its message key) is said that way; the others say when.
    if (
      err.code === 'rate_limited' &&
      err.retryAfterSeconds &&
      !err.descriptionKey?.startsWith('messages:')
    ) {
      return i18n.t('rateLimitedIn', { ns: 'errors', when: retryPhrase(err.retryAfterSeconds) });
    }
    return serverWords(err) ?? errorText(err.code);
  }
  return message(fallback);
}
