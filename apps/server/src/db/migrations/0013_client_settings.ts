/**
 * Per-client settings: 'Require PKCE' (on unless the owner turns it off for a
 * confidential app that sends a nonce instead, RFC 9700 §2.1.1) and the post-logout redirect URIs
 * of OpenID Connect RP-Initiated Logout 1.0. Existing clients keep PKCE required and get no URIs.
 */
export const up = [
  'alter table oauth2_clients add column require_pkce boolean not null default true',
  "alter table oauth2_clients add column post_logout_redirect_uris text[] not null default '{}'",
];
