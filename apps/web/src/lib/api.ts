import type { ApiErrorBody, CatalogueKey, ConsentErrorBody, ErrorCode } from '@omnia/contracts/errors';
import { ERRORS } from '@omnia/contracts/errors';
import type { MessageKey } from '@omnia/contracts/messages';

export type { CatalogueKey };

/**
 * A failed call. `code` is our catalogue's; an answer that names none of ours (an OAuth-style
 * `{ error, error_description }`, a proxy's error page, no network at all) counts as 'internal'.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The server's own words (in English): our `error.message` or an OAuth answer's `error_description`. */
  readonly description: string | null;
  /** The catalogue entry the server named for them: shown by its key, in the reader's language. */
  readonly descriptionKey: CatalogueKey | undefined;
  /** Per-field messages: a catalogue message by its key where the server named one, else its words. */
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ErrorCode,
    details: {
      description?: string | null;
      descriptionKey?: CatalogueKey | undefined;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(details.description ?? ERRORS[code].message);
    this.description = details.description ?? null;
    this.descriptionKey = details.descriptionKey;
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The access token a call sends, and the account it is of. */
export interface Credential {
  token: string;
  owner: string;
}
type TokenProvider = () => Credential | null;
type TokenRenewer = () => Promise<Credential | null>;
let tokenProvider: TokenProvider = () => null;
let tokenRenewer: TokenRenewer = async () => null;

/**
 * The auth store registers how to get the access token, and how to renew the session when the
 * server refuses it (a new credential, or null when the session is over); the API client stays
 * generic.
 */
export function setAccessTokenProvider(provider: TokenProvider, renewer: TokenRenewer = async () => null) {
  tokenProvider = provider;
  tokenRenewer = renewer;
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

const isCatalogueKey = (value: unknown): value is CatalogueKey =>
  typeof value === 'string' && /^(messages|errors):\w+$/.test(value);

/** Each field's message: its catalogue key where the server named one, else the server's words. */
function fieldMessages(ours: Partial<ApiErrorBody['error']>): Record<string, string> {
  const keys: Record<string, MessageKey> = ours.fieldKeys ?? {};
  return Object.fromEntries(
    Object.entries(ours.fields ?? {}).map(([field, text]) => [field, keys[field] ?? text]),
  );
}

/** Our `{ error: { code, message, key, … } }`, or the OAuth-style `{ error, error_description }`. */
function readError(status: number, body: unknown): ApiError {
  const { error, error_description, error_description_key } = (body ?? {}) as Partial<ConsentErrorBody> & {
    error?: unknown;
  };
  if (error && typeof error === 'object') {
    const ours = error as Partial<ApiErrorBody['error']>;
    const code: ErrorCode = ours.code && ours.code in ERRORS ? ours.code : 'internal';
    return new ApiError(status, code, {
      description: text(ours.message),
      descriptionKey: isCatalogueKey(ours.key) ? ours.key : undefined,
      fields: fieldMessages(ours),
      ...(ours.retryAfterSeconds !== undefined ? { retryAfterSeconds: ours.retryAfterSeconds } : {}),
    });
  }
  // An OAuth-style answer names no code of ours; the consent API's names its description's entry.
  const description = typeof error === 'string' ? text(error_description) : null;
  return new ApiError(status, 'internal', {
    description,
    descriptionKey: description && isCatalogueKey(error_description_key) ? error_description_key : undefined,
  });
}

/**
 * The one way the app calls its server: JSON in and out, the access token, errors as ApiError.
 * A refused token ('unauthenticated': the session ended elsewhere, or the token expired while the
 * page slept) renews the session once and sends the call again, for the same account only; a
 * session that is over signs the page out instead of leaving it up with every call failing.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const send = (token: string | null) =>
    call(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  if (options.auth === false) return read<T>(await send(null));
  const sent = tokenProvider();
  let response = await send(sent?.token ?? null);
  if (sent && response.status === 401) {
    const refused = await response
      .clone()
      .json()
      .catch(() => null);
    if (readError(401, refused).code === 'unauthenticated') {
      const renewed = await tokenRenewer();
      // Never as someone else: the browser may have signed in to another account meanwhile.
      if (renewed?.owner === sent.owner) response = await send(renewed.token);
    }
  }
  return read<T>(response);
}

async function call(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, 'internal');
  }
}

async function read<T>(response: Response): Promise<T> {
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
