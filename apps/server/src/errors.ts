import { type CatalogueKey, ERRORS, type ErrorCode, MESSAGES, type MessageKey } from '@omnia/contracts';

/*
 * The errors services throw. They say what went wrong in the domain's terms (a catalogue code, or
 * an OAuth error code); http/error-mapper.ts is the one place that turns them into HTTP answers.
 */

/**
 * An error with a stable public code; `cause` stays internal and is only logged. Its words are
 * catalogue entries (`messageKey`, `fieldKeys`), so a client can show them in the reader's language;
 * `message` and `fields` are their English.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly key: CatalogueKey;
  readonly fields: Record<string, string> | undefined;
  readonly fieldKeys: Record<string, MessageKey> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      /** A message of the catalogue instead of the code's own text. */
      messageKey?: MessageKey;
      /** English words of its own (the key stays the code's: a client words it from the code). */
      message?: string;
      /** Per field: a message of the catalogue, or words of their own (zod's, outside our rules). */
      fields?: Record<string, MessageKey | { text: string }>;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    const { messageKey } = options;
    super(messageKey ? MESSAGES[messageKey] : (options.message ?? ERRORS[code].message), {
      cause: options.cause,
    });
    this.status = ERRORS[code].status;
    this.key = messageKey ? `messages:${messageKey}` : `errors:${code}`;
    if (options.fields) {
      const entries = Object.entries(options.fields);
      this.fields = Object.fromEntries(
        entries.map(([field, said]) => [field, typeof said === 'string' ? MESSAGES[said] : said.text]),
      );
      const keyed = entries.filter((entry): entry is [string, MessageKey] => typeof entry[1] === 'string');
      this.fieldKeys = keyed.length ? Object.fromEntries(keyed) : undefined;
    }
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** An OAuth-style refusal of the consent API: `{ error, error_description }` with a status. */
export class ConsentRefusal extends Error {
  readonly key: CatalogueKey;
  constructor(
    readonly status: 400 | 401 | 403 | 409 | 413 | 500,
    readonly error: string,
    /** The description: a message of the catalogue, or an error code's text. */
    said: MessageKey | { code: ErrorCode },
  ) {
    super(typeof said === 'string' ? MESSAGES[said] : ERRORS[said.code].message);
    this.key = typeof said === 'string' ? `messages:${said}` : `errors:${said.code}`;
  }

  get description(): string {
    return this.message;
  }
}
