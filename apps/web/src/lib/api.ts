import { type ApiErrorBody, ERRORS, type ErrorCode } from '@omnia/contracts/errors';

/** An API failure with the server's stable code and public message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
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
  body?: unknown;
  /** Send the Bearer access token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
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
    throw new ApiError(0, 'internal', 'Network error, please check your connection', {}, undefined);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const err = (json as ApiErrorBody | null)?.error;
    const code: ErrorCode = err?.code && err.code in ERRORS ? err.code : 'internal';
    throw new ApiError(
      response.status,
      code,
      err?.message ?? ERRORS.internal.message,
      err?.fields ?? {},
      err?.retryAfterSeconds,
    );
  }
  return json as T;
}
