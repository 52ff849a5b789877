/**
 * Signing keys that rotate: each key is published in the JWKS from the moment it is
 * made, signs from `activates_at` until a newer key activates, and stays published while tokens it
 * signed can still be presented (oauth/signing-keys.ts). The key the server made on its first
 * start (server_keys) becomes the first row, sealed as it was (its kid is inside).
 */
export const up = [
  `create table oidc_signing_keys (
    id bigint generated always as identity primary key,
    jwk text not null,
    activates_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `insert into oidc_signing_keys (jwk, activates_at, created_at)
    select ciphertext, created_at, created_at from server_keys where name = 'oidc-signing-rs256'`,
  `delete from server_keys where name = 'oidc-signing-rs256'`,
];
