import type { ApiErrorBody, ConsentErrorBody } from '@omnia/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { AppError, ConsentRefusal } from '../errors';
import type { AppEnv } from './context';
import { validationFailed } from './validate';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    err.message,
  );
}

/** The one mapping from any thrown error to an HTTP answer (the API's JSON error body). */
export function toErrorResponse(err: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId');
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof ZodError) {
    appError = validationFailed(err);
  } else if (err instanceof HTTPException && err.status < 500) {
    appError =
      err.status === 413
        ? new AppError('payload_too_large', { cause: err })
        : new AppError('validation_failed', { ...(err.message ? { message: err.message } : {}), cause: err });
  } else if (isDatabaseUnavailable(err)) {
    appError = new AppError('database_unavailable', { cause: err });
  } else {
    appError = new AppError('internal', { cause: err });
  }

  const logger = c.get('logger');
  if (appError.status >= 500) {
    logger?.error({ err: appError.cause ?? appError, requestId, code: appError.code }, 'request failed');
  }
  const body: ApiErrorBody = {
    error: {
      code: appError.code,
      message: appError.message,
      key: appError.key,
      ...(appError.fields ? { fields: appError.fields } : {}),
      ...(appError.fieldKeys ? { fieldKeys: appError.fieldKeys } : {}),
      ...(appError.retryAfterSeconds !== undefined ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
      ...(appError.status >= 500 ? { requestId } : {}),
    },
  };
  if (appError.retryAfterSeconds !== undefined) c.header('Retry-After', String(appError.retryAfterSeconds));
  if (appError.code === 'database_unavailable') c.header('Retry-After', '1');
  return c.json(body, appError.status as ContentfulStatusCode);
}

/**
 * The same for the consent API under /oauth2/consent, which answers OAuth-style
 * (`{ error, error_description }`): a refusal with its status, anything else a logged 500.
 */
export function toOAuthErrorResponse(err: unknown, c: Context<AppEnv>): Response {
  const refusal =
    err instanceof ConsentRefusal ? err : new ConsentRefusal(500, 'server_error', 'failedToProcessConsent');
  if (refusal !== err) c.get('logger').error({ err }, 'consent request failed');
  const body: ConsentErrorBody = {
    error: refusal.error,
    error_description: refusal.description,
    error_description_key: refusal.key,
  };
  return c.json(body, refusal.status);
}
