import { type ApiErrorBody, ERRORS, type ErrorCode } from '@omnia/contracts/errors';
import { MESSAGES, type MessageKey } from '@omnia/contracts/messages';

/** A catalogue entry as i18next names it: a SPEC message or an error code's text. */
export type CatalogueKey = `messages:${MessageKey}` | `errors:${ErrorCode}`;

/**
 * The server answers in English; these are the catalogue entries its words can be. Only what
 * arrives from it is read this way: whatever the app words itself names its key.
 */
const serverTexts = new Map<string, CatalogueKey>();
for (const [code, { message }] of Object.entries(ERRORS))
  serverTexts.set(message, `errors:${code as ErrorCode}`);
// A SPEC message wins where an error code says the same (e.g. 'User not authenticated').
for (const [key, text] of Object.entries(MESSAGES)) serverTexts.set(text, `messages:${key as MessageKey}`);

/** The catalogue entry of something the server said (an answer, a redirect's `?error=`), if it is one. */
export function catalogueKeyOf(text: string | null | undefined): CatalogueKey | undefined {
  return text ? serverTexts.get(text) : undefined;
}

/** A field's message as the web's forms hold it: a SPEC message by its key, anything else as worded. */
function fieldMessage(text: string): string {
  const key = catalogueKeyOf(text);
  return key?.startsWith('messages:') ? key.slice('messages:'.length) : text;
}

/**
 * A failed call. `code` is our catalogue's; an answer that names none of ours (an OAuth-style
 * `{ error, error_description }`, a proxy's error page, no network at all) counts as 'internal'.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The server's own words: our `error.message` or an OAuth answer's `error_description`; null when it said nothing. */
  readonly description: string | null;
  /** The catalogue entry `description` is, when it is one: shown by its key, in the reader's language. */
  readonly descriptionKey: CatalogueKey | undefined;
  /** Per-field messages: a SPEC message by its key (as the shared schemas write them here), else as worded. */
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ErrorCode,
    details: {
      description?: string | null;
      /** By default the code's own text is that code's, whatever message says the same. */
      descriptionKey?: CatalogueKey | undefined;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(details.description ?? ERRORS[code].message);
    this.description = details.description ?? null;
    this.descriptionKey =
      'descriptionKey' in details
        ? details.descriptionKey
        : this.description === ERRORS[code].message
          ? `errors:${code}`
          : catalogueKeyOf(this.description);
    this.fields = Object.fromEntries(
      Object.entries(details.fields ?? {}).map(([field, text]) => [field, fieldMessage(text)]),
    );
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
  // An OAuth answer names no code of ours: its words are read for what they say.
  const description = typeof error === 'string' ? text(error_description) : null;
  return new ApiError(status, 'internal', { description, descriptionKey: catalogueKeyOf(description) });
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
