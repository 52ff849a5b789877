/**
 * The notification centre: the security notices of an account, read or unread on the
 * server. Written in the transaction of the change each one reports; kept 90 days.
 */
export const up = [
  `create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null,
    data jsonb not null default '{}',
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`,
  // The list (newest first) and the purge by age.
  'create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc)',
  // The bell's unread count, read on every page of a signed-in person.
  'create index notifications_unread_idx on notifications (user_id) where read_at is null',
  'create index notifications_created_idx on notifications (created_at)',
];
