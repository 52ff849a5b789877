/**
 * Forgot password and resend queue one request whatever the address (an account or not), and are
 * answered; the accounts module's worker writes the link later, for an address with an account
 * only. So what a request does, and how long it takes, is the same either way.
 */
export const up = [
  `create table link_requests (
    id bigint generated always as identity primary key,
    purpose text not null check (purpose in ('verify', 'reset')),
    email text not null,
    browser_nonce_hash text,
    created_at timestamptz not null default now()
  )`,
];
