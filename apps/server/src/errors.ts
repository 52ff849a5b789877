import { ERRORS, type ErrorCode } from '@omnia/contracts';

/*
 * The errors services throw. They say what went wrong in the domain's terms (a catalogue code, or
 * an OAuth error code); http/error-mapper.ts is the one place that turns them into HTTP answers.
 */

/** An error with a stable public code; `cause` stays internal and is only logged. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** An OAuth-style refusal of the consent API: `{ error, error_description }` with a status. */
export class ConsentRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}
