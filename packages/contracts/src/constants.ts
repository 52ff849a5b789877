/** The product's own name (SPEC `{product}`); one constant so a deployment can rename it. */
export const PRODUCT_NAME = 'Omnia';

// SPEC §9 business constants.
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const RESEND_COOLDOWN_SECONDS = 60;
export const CLAIM_OPEN_DELAY_MS = 1000;
export const AUTH_CALLBACK_ERROR_REDIRECT_MS = 3000;
export const CLIENT_ID_REVEAL_CLICKS = 5;
export const CLIENT_ID_REVEAL_RESET_MS = 3000;
export const AVATAR_INITIALS_MAX = 2;
/** An app's name and description, as the consent screen shows them and the operator reviews them. */
export const APP_NAME_MAX = 100;
export const APP_DESCRIPTION_MAX = 1000;
export const AVATAR_INITIALS_FALLBACK = 'U';
export const DEFAULT_USERNAME_LABEL = 'User';
export const ONBOARDING_STEPS = 3;
export const COPY_CONFIRMATION_MS = 2000;
export const SECRET_MASK_LENGTH = 20;

/**
 * How long the previous client secret keeps working after a rotation: an app running
 * on several machines takes the new one without downtime. 'none' ends it at once.
 */
export const SECRET_GRACE_SECONDS = { none: 0, '1h': 3_600, '24h': 86_400, '7d': 604_800 } as const;
export type SecretGrace = keyof typeof SECRET_GRACE_SECONDS;
export const SECRET_GRACES = Object.keys(SECRET_GRACE_SECONDS) as [SecretGrace, ...SecretGrace[]];
export const DESCRIPTION_ROWS = 3;
export const INTRO_ANIMATION_MS = 5000;
export const INTRO_ANIMATION_STAGES_MS = [1000, 2000, 3000, 4000] as const;
export const INTRO_PARTICLES = 20;
export const CELEBRATION_DELAY_MS = 2000;
/** Delays before each celebration step: 0.5 s to step 1, 2 s to step 2, 3 s to step 3. */
export const CELEBRATION_STEP_DELAYS_MS = [500, 2000, 3000] as const;
export const AUTH_REFRESH_TICK_MS = 30_000;
export const AUTH_REFRESH_MARGIN_S = 90;
export const AUTH_REFRESH_BACKOFF_START_MS = 200;
export const ACCESS_TOKEN_TTL_S = 3600;
export const LOGIN_ANIMATION_MS = 1200;

export const STORAGE_KEYS = {
  hasSeenAnimation: 'hasSeenAnimation',
  launchCelebrationShown: 'launchCelebrationShown',
  claimedServices: 'claimedServices',
  theme: 'omnia-theme',
  language: 'omnia-language',
  /** sessionStorage: an authorize request handed to the server, so a failed hand-off cannot loop. */
  authorizeHandoff: 'omnia-authorize-handoff',
} as const;

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

// Upload rules: PNG, JPEG, WebP, GIF by content, at most 5 MB (docs/architecture.md, uploads).
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// OAuth (SPEC §9: only response_type code; scopes profile and email).
export const OAUTH_RESPONSE_TYPE = 'code';
export const OAUTH_SCOPES = ['profile', 'email'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];
export const OAUTH_SCOPE_LABELS: Record<OAuthScope | 'openid', string> = {
  openid: 'Sign you in with your account',
  profile: 'View your profile (name, username, avatar)',
  email: 'View your email address',
};
export const CLIENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * What kind of app a client is, chosen at registration and fixed after: a web application (a
 * server that keeps a secret), a single-page app, a native app, a device or command-line app (the
 * device authorization grant, RFC 8628), or a service (machine to machine: client_credentials for
 * developers' APIs, no user). Single-page, native and device apps are public clients (no secret).
 * The kind decides the engine's metadata and which redirect URIs are allowed.
 */
export const APP_TYPES = ['web', 'spa', 'native', 'device', 'service'] as const;
export type AppType = (typeof APP_TYPES)[number];
/** A public client (RFC 6749 §2.1): it cannot keep a secret, so it has none (and PKCE where it redirects). */
export const isPublicAppType = (type: AppType): boolean =>
  type === 'spa' || type === 'native' || type === 'device';
/** Signs people in with redirects (has redirect URIs); a device app signs them in on another screen. */
export const redirectsBack = (type: AppType): boolean =>
  type === 'web' || type === 'spa' || type === 'native';
/** Acts for a person who signs in and consents (a service acts for itself: no user, no Omnia scopes). */
export const actsForPeople = (type: AppType): boolean => type !== 'service';
/**
 * Its user decides every time, never remembered consent: anyone can claim a native app's scheme or
 * port (RFC 8252 §8.6), and a device code can be phished (RFC 8628 §5.4).
 */
export const asksEveryTime = (type: AppType): boolean => type === 'native' || type === 'device';
/** The device authorization grant's type (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/**
 * An access token for a developer's API (RFC 9068 JWT): it cannot be recalled once issued (the API
 * checks it offline), so it lives a quarter of an hour, not the hour of a userinfo token.
 */
export const API_ACCESS_TOKEN_TTL_S = 900;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const OAUTH_ACTIONS = [
  'authorize',
  'consent_granted',
  'consent_denied',
  'token_issued',
  'token_refreshed',
  'userinfo',
  'revoke',
  'secret_rotated',
  /** A token, introspection or revocation request authenticated with the previous secret. */
  'old_secret_used',
] as const;
export type OAuthAction = (typeof OAUTH_ACTIONS)[number];

/**
 * The id_token's `acr` (OpenID Connect Core 2): how strongly the person was authenticated. A relying
 * party asks for two factors with `acr_values=urn:omnia:acr:mfa` (docs/integrators.md).
 */
export const ACR = {
  /** One factor: the password. */
  password: 'urn:omnia:acr:pwd',
  /** Two factors: a password and a second factor, or a passkey with user verification. */
  twoStep: 'urn:omnia:acr:mfa',
} as const;
