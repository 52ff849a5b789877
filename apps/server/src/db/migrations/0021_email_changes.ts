/**
 * Changing the account's e-mail address: the new address confirms with a link; the old
 * one gets a link that cancels the change (and puts the old address back, for seven days) and ends
 * every session. Both links are stored only as hashes.
 */
export const up = [
  `create table email_changes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    old_email text not null,
    new_email text not null,
    confirm_hash text not null unique,
    cancel_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    confirmed_at timestamptz,
    cancelled_at timestamptz
  )`,
  'create index email_changes_user_idx on email_changes (user_id)',
];
