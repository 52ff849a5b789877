import { DEVICE_VERIFICATION } from '@omnia/contracts/device';

const DAY = 24 * 3600;

export const ENGINE_ROUTES = {
  authorization: '/oauth2/authorize',
  token: '/oauth2/token',
  userinfo: '/oauth2/userinfo',
  revocation: '/oauth2/revoke',
  introspection: '/oauth2/introspect',
  jwks: '/oauth2/jwks',
  end_session: '/oauth2/logout',
  // The device authorization grant (RFC 8628): the device asks here, the person types its code there.
  device_authorization: '/oauth2/device/auth',
  code_verification: DEVICE_VERIFICATION,
  // Pushed authorization requests (RFC 9126): an app posts its request here, then sends the browser
  // to the authorization endpoint with the request_uri it got.
  pushed_authorization_request: '/oauth2/par',
} as const;

/** Lifetimes, in seconds, of what the engine stores (the Privacy and Cookies pages state them). */
export const ENGINE_TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 3600,
  RefreshToken: 30 * DAY,
  Session: 14 * DAY,
  // A device's code: ten minutes to type it (RFC 8628 §3.2's expires_in).
  DeviceCode: 600,
  // At least as long as the refresh token, so a refresh never outlives its grant.
  Grant: 365 * DAY,
};

/**
 * An engine session nobody signed in to (the device page's or a logout page's form protection):
 * an hour, not ENGINE_TTL.Session, so a script fetching those pages fills no table for weeks.
 */
export const ANONYMOUS_SESSION_TTL = 3600;

/**
 * How long a single-page app stays signed in without its user: its first refresh token lasts this
 * long and every rotation keeps that end (RFC 9700 §4.14.2, the browser-based apps BCP), since a
 * token in a browser can be stolen by script. Other apps' refresh tokens last ENGINE_TTL's.
 */
export const SPA_REFRESH_TOKEN_TTL = 7 * DAY;

/**
 * The claims each scope gives (the engine's `claims` configuration). A claim asked for with the
 * `claims` parameter counts only within the scopes asked for, which the app may have and the
 * consent screen shows: the parameter never reaches beyond them.
 */
export const SCOPE_CLAIMS = {
  // Every id_token says how and how strongly the person signed in (OpenID Connect Core 2,
  // RFC 8176): the engine keeps only claims of a granted scope, so they go with openid.
  openid: ['sub', 'acr', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'picture'],
} as const;
