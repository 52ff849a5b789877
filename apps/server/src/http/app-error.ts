import { ERRORS, type ErrorCode } from '@omnia/contracts';

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
