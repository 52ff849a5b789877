/** Accounts: one row per person. The e-mail is unique regardless of case. */
export const up = [
  `create table users (
    id uuid primary key default gen_random_uuid(),
    email text not null,
    password_hash text not null,
    email_confirmed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create unique index users_email_lower_key on users (lower(email))',
];
