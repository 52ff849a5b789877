/** One-time e-mail links (verification, password reset), stored only as SHA-256 hashes. */
export const up = [
  `create table email_tokens (
    token_hash text primary key,
    user_id uuid not null references users (id) on delete cascade,
    purpose text not null check (purpose in ('verify', 'reset')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  'create index email_tokens_user_purpose_idx on email_tokens (user_id, purpose)',
];
