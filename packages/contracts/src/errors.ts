/**
 * The typed error catalogue shared by server and web: a stable code, the HTTP status and the
 * public message. Internal causes never travel with it; 5xx answers carry a request id instead.
 */
import { MESSAGES, type MessageKey } from './messages';

export const ERRORS = {
  validation_failed: { status: 400, message: 'The request is invalid' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON' },
  payload_too_large: { status: 413, message: 'The request body is too large' },
  unauthenticated: { status: 401, message: 'User not authenticated' },
  invalid_credentials: { status: 400, message: 'Invalid email or password' },
  email_not_confirmed: { status: 403, message: 'Email not confirmed' },
  email_taken: { status: 409, message: 'An account with this email already exists' },
  username_taken: { status: 409, message: MESSAGES.usernameTaken },
  invalid_token: { status: 400, message: 'This link is invalid or has expired' },
  verify_password_required: {
    status: 400,
    message: 'Set a password for this account to finish verifying it in this browser',
  },
  session_expired: { status: 401, message: 'Your session has expired, please sign in again' },
  wrong_password: { status: 400, message: 'Current password is incorrect' },
  weak_password: { status: 400, message: MESSAGES.passwordTooWeak },
  password_unchanged: { status: 400, message: MESSAGES.passwordUnchanged },
  invalid_code: { status: 400, message: 'That code is not valid. Check it and try again.' },
  two_step_expired: {
    status: 401,
    message: 'Your sign-in took too long. Enter your email and password again.',
  },
  second_factor_required: { status: 400, message: 'Confirm with your authenticator app or a recovery code' },
  step_up_required: { status: 403, message: "Confirm it's you to continue" },
  totp_already_enabled: { status: 409, message: 'An authenticator app is already set up' },
  totp_not_started: { status: 400, message: 'Start the authenticator app setup again' },
  no_second_factor: { status: 400, message: 'Set up two-step verification first' },
  recovery_after_reset: {
    status: 409,
    message:
      'Account recovery can be requested 7 days after a password reset by email. If you still have your second step, sign in with it.',
  },
  passkey_invalid: { status: 400, message: 'That passkey could not be used. Try again.' },
  email_unchanged: { status: 400, message: 'That is already your email address' },
  rate_limited: { status: 429, message: 'Too many attempts, please try again later' },
  resend_cooldown: { status: 429, message: 'Please wait before requesting another email' },
  forbidden: { status: 403, message: 'You do not have access to this resource' },
  not_found: { status: 404, message: 'Not found' },
  client_changed: {
    status: 409,
    message: 'The app changed since it was listed: list the clients again and approve what you see',
  },
  client_links_missing: {
    status: 409,
    message: 'The app needs a homepage, a privacy policy and terms of service before it is approved',
  },
  service_unavailable: { status: 409, message: MESSAGES.serviceUnavailableBody },
  unsupported_media_type: {
    status: 415,
    message: 'Only PNG, JPEG, WebP and GIF images are accepted',
  },
  image_too_large: { status: 413, message: 'Images must be at most 5 MB' },
  invalid_image: { status: 400, message: 'The image could not be read' },
  changed_meanwhile: {
    status: 409,
    message: 'This changed elsewhere at the same moment. Reload and try again.',
  },
  // An authenticator secret sealed under another SECRET_KEY (the operator changed it).
  authenticator_unreadable: {
    status: 409,
    message:
      'Your authenticator app can no longer be checked: use a recovery code or a passkey, then set the app up again',
  },
  // A client secret sealed under another SECRET_KEY: only a new one helps.
  secret_unreadable: {
    status: 409,
    message: 'This secret can no longer be read: rotate it to get a new one',
  },
  database_unavailable: { status: 503, message: 'The service is temporarily unavailable, please retry' },
  internal: { status: 500, message: 'An unexpected error occurred' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * A catalogue entry: a message or an error code's text, as the web's catalogues name them. The
 * server sends these beside its English, so a client shows its words in the reader's language.
 */
export type CatalogueKey = `messages:${MessageKey}` | `errors:${ErrorCode}`;

/** The JSON body of every API error. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    /** In English. */
    message: string;
    /** The catalogue entry `message` is. */
    key: CatalogueKey;
    /** Field-level messages for validation errors, keyed by field path, in English. */
    fields?: Record<string, string>;
    /** The catalogue message of each field's message that has one. */
    fieldKeys?: Record<string, MessageKey>;
    retryAfterSeconds?: number;
    requestId?: string;
  };
}

/** The consent API's refusals, OAuth-style, with the catalogue entry of the description. */
export interface ConsentErrorBody {
  error: string;
  error_description: string;
  error_description_key: CatalogueKey;
}
