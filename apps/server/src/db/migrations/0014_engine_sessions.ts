/**
 * The OAuth engine's session follows the Omnia session (docs/security.md, Sessions): each engine
 * session and interaction row records the Omnia session of the browser it was written for, so
 * ending that session ends them; and a session records when its person last proved who they are
 * (the id_token's auth_time, OpenID Connect prompt=login and max_age). Every authorization code
 * starts its own grant, cut from the grant that records the consent (`family_of`), so its tokens
 * form one refresh-token family that a reuse revokes without touching other devices'.
 */
export const up = [
  'alter table sessions add column authenticated_at timestamptz',
  'update sessions set authenticated_at = created_at',
  'alter table sessions alter column authenticated_at set not null',
  'alter table sessions alter column authenticated_at set default now()',
  'alter table oidc_models add column omnia_session_id uuid',
  `create index oidc_models_omnia_session_idx on oidc_models (omnia_session_id)
    where omnia_session_id is not null`,
  'alter table oidc_models add column family_of text',
  `create index oidc_models_family_idx on oidc_models (family_of) where family_of is not null`,
];
