/**
 * Second factors: an authenticator app (TOTP, its secret sealed with the server key like
 * client secrets, the last accepted time step so a code counts once), single-use recovery codes
 * (hashed), the half-signed-in state between the password and the second step (a random token kept
 * hashed, bound to an httpOnly cookie, five minutes, single use), and on each session how its person
 * signed in (amr) and when a second factor was last verified.
 */
export const up = [
  `create table totp_factors (
    user_id uuid primary key references users (id) on delete cascade,
    secret text not null,
    confirmed_at timestamptz,
    last_step bigint,
    created_at timestamptz not null default now()
  )`,
  `create table recovery_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create unique index recovery_codes_user_hash_key on recovery_codes (user_id, code_hash)',
  `create table two_step_challenges (
    token_hash text primary key,
    user_id uuid not null references users (id) on delete cascade,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index two_step_challenges_expires_idx on two_step_challenges (expires_at)',
  "alter table sessions add column amr text[] not null default '{pwd}'",
  'alter table sessions add column second_factor_at timestamptz',
];
