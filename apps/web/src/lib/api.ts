import { type ApiErrorBody, ERRORS, type ErrorCode } from '@omnia/contracts/errors';

/**
 * A failed call. `code` is our catalogue's; an answer that names none of ours (an OAuth-style
 * `{ error, error_description }`, a proxy's error page, no network at all) counts as 'internal'.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The server's own words: our `error.message` or an OAuth answer's `error_description`; null when it said nothing. */
  readonly description: string | null;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ErrorCode,
    details: {
      description?: string | null;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(details.description ?? ERRORS[code].message);
    this.description = details.description ?? null;
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

type TokenProvider = () => Promise<string | null> | string | null;
let tokenProvider: TokenProvider = () => null;

/** The auth store registers how to get a fresh access token; the API client stays generic. */
export function setAccessTokenProvider(provider: TokenProvider) {
  tokenProvider = provider;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or sent as it is: FormData (multipart) and URLSearchParams (form-encoded). */
  body?: unknown;
  /** Send the Bearer access token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Our `{ error: { code, message, … } }`, or the OAuth endpoints' `{ error, error_description }`. */
function readError(status: number, body: unknown): ApiError {
  const { error, error_description } = (body ?? {}) as { error?: unknown; error_description?: unknown };
  if (error && typeof error === 'object') {
    const ours = error as Partial<ApiErrorBody['error']>;
    const code: ErrorCode = ours.code && ours.code in ERRORS ? ours.code : 'internal';
    return new ApiError(status, code, {
      description: text(ours.message),
      fields: ours.fields ?? {},
      ...(ours.retryAfterSeconds !== undefined ? { retryAfterSeconds: ours.retryAfterSeconds } : {}),
    });
  }
  return new ApiError(status, 'internal', {
    description: typeof error === 'string' ? text(error_description) : null,
  });
}

/** The one way the app calls its server: JSON in and out, the access token, errors as ApiError. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false) {
    const token = await tokenProvider();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch {
    throw new ApiError(0, 'internal');
  }
  if (response.status === 204) return undefined as T;
  const raw = await response.text();
  let json: unknown = null;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw readError(response.status, json);
  return json as T;
}
