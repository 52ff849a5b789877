/**
 * A session is one refresh-token family: every rotation adds a token row; reuse of a rotated
 * token revokes the session. session_logs records each sign-in (SPEC §3).
 */
export const up = [
  `create table sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  'create index sessions_user_id_idx on sessions (user_id)',
  `create table refresh_tokens (
    token_hash text primary key,
    session_id uuid not null references sessions (id) on delete cascade,
    created_at timestamptz not null default now(),
    used_at timestamptz
  )`,
  'create index refresh_tokens_session_id_idx on refresh_tokens (session_id)',
  `create table session_logs (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    device text not null,
    os text not null,
    user_agent text not null,
    ip text,
    created_at timestamptz not null default now()
  )`,
  'create index session_logs_user_created_idx on session_logs (user_id, created_at desc)',
];
