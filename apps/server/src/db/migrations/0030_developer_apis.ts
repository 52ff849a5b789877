/**
 * Services and developers' APIs. A service (machine to machine) is a confidential client
 * with a secret, like a web application. An API is registered by its owner with its identifier
 * (the audience of its tokens, unique across Omnia so no two APIs accept each other's tokens) and
 * its scopes; its introspection secret is kept as a SHA-256 hash (it is random, never shown again).
 * Other developers' apps may ask for it once its owner allows them, with the scopes listed.
 */
export const up = [
  'alter table oauth2_clients drop constraint oauth2_clients_app_type_check',
  `alter table oauth2_clients add constraint oauth2_clients_app_type_check
    check (app_type in ('web', 'spa', 'native', 'device', 'service'))`,
  'alter table oauth2_clients drop constraint oauth2_clients_secret_by_type',
  `alter table oauth2_clients add constraint oauth2_clients_secret_by_type
    check ((app_type in ('web', 'service')) = (client_secret is not null))`,
  `create table oauth2_apis (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    name text not null,
    identifier text not null unique,
    scopes jsonb not null,
    credential_id text not null unique,
    credential_secret_hash text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index oauth2_apis_user on oauth2_apis (user_id, created_at desc)',
  `create table oauth2_api_access (
    api_id uuid not null references oauth2_apis (id) on delete cascade,
    client_id text not null references oauth2_clients (client_id) on delete cascade,
    scopes text[] not null,
    created_at timestamptz not null default now(),
    primary key (api_id, client_id)
  )`,
  'create index oauth2_api_access_client on oauth2_api_access (client_id)',
];
