/**
 * OpenID Connect Back-Channel Logout 1.0: an app's back-channel logout URI, and the
 * outbox of logout tokens for it (oauth/logout-delivery), written with what ended the sign-in and
 * delivered with retries like mail; each delivery's outcome shows on the app's page.
 */
export const up = [
  'alter table oauth2_clients add column backchannel_logout_uri text',
  `create table oauth_logout_deliveries (
    id bigint generated always as identity primary key,
    client_id text not null,
    uri text not null,
    sub text not null,
    sid text,
    reason text not null,
    attempts int not null default 0,
    next_attempt_at timestamptz not null default now(),
    delivered_at timestamptz,
    failed_at timestamptz,
    last_status int,
    last_error text,
    created_at timestamptz not null default now()
  )`,
  `create index oauth_logout_deliveries_due_idx on oauth_logout_deliveries (next_attempt_at)
    where delivered_at is null and failed_at is null`,
  'create index oauth_logout_deliveries_client_idx on oauth_logout_deliveries (client_id, created_at desc)',
];
