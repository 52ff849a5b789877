/**
 * Dynamic client registration (RFC 7591/7592): a developer's initial access tokens (only
 * their hash; each registers a few apps until it expires), and each registered app's registration
 * access token (its hash), which reads, updates and deletes that app while the developer who
 * registered it owns it.
 */
export const up = [
  `create table registration_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    label text not null,
    token_hash text not null unique,
    uses int not null default 0,
    max_uses int not null,
    expires_at timestamptz not null,
    last_used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index registration_tokens_user_idx on registration_tokens (user_id, created_at desc)',
  `create table client_registrations (
    client_id text primary key references oauth2_clients (client_id) on delete cascade on update cascade,
    access_token_hash text not null unique,
    user_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
];
