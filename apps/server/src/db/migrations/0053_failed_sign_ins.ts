/**
 * A wrong password at sign-in queues one row whatever the address (an account or not), and is
 * answered; the accounts module's worker writes the failure to the account's activity later (and
 * mails a lock), for an address with an account only. So the answer takes as long either way. The
 * account is the one whose password was checked (no foreign key: a row is written the same way for
 * an address without one, and the worker skips an account deleted since).
 */
export const up = [
  `create table failed_sign_ins (
    id bigint generated always as identity primary key,
    user_id uuid,
    ip text,
    locked_seconds integer not null default 0,
    created_at timestamptz not null default now()
  )`,
];
