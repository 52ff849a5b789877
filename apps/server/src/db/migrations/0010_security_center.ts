/**
 * Security center: each session remembers where it was opened and when it was last used, and a
 * per-account log of security events (sign-ins, password changes, app authorizations, ...).
 */
export const up = [
  `alter table sessions
    add column device text,
    add column os text,
    add column ip text,
    add column last_active_at timestamptz not null default now()`,
  `create table security_events (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null,
    detail jsonb not null default '{}',
    ip text,
    created_at timestamptz not null default now()
  )`,
  'create index security_events_user_created_idx on security_events (user_id, created_at desc, id desc)',
];
