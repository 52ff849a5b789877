/**
 * OAuth2 / OIDC: registered clients (SPEC §3), the engine's model store (one table for every
 * oidc-provider model, Logto's layout) and the usage events behind client statistics.
 */
export const up = [
  `create table oauth2_clients (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    name text not null,
    description text,
    logo_url text,
    client_id text not null unique,
    -- AES-256-GCM sealed (the owner can reveal it; the engine compares the plaintext).
    client_secret text not null,
    redirect_uris text[] not null,
    allowed_scopes text[] not null,
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index oauth2_clients_user_created_idx on oauth2_clients (user_id, created_at desc)',
  // id is a SHA-256 of the engine's id: a copy of this table holds no usable code or token.
  `create table oidc_models (
    model text not null,
    id text not null,
    payload jsonb not null,
    grant_id text,
    uid text,
    account_id text,
    client_id text,
    expires_at timestamptz,
    consumed_at timestamptz,
    primary key (model, id)
  )`,
  'create index oidc_models_grant_idx on oidc_models (grant_id) where grant_id is not null',
  'create index oidc_models_uid_idx on oidc_models (uid) where uid is not null',
  'create index oidc_models_expires_idx on oidc_models (expires_at) where expires_at is not null',
  `create index oidc_models_account_client_idx on oidc_models (account_id, client_id)
    where model = 'Grant'`,
  `create table oauth2_usage_stats (
    id bigint generated always as identity primary key,
    client_id text not null,
    action text not null,
    created_at timestamptz not null default now()
  )`,
  'create index oauth2_usage_stats_client_idx on oauth2_usage_stats (client_id, created_at)',
];
