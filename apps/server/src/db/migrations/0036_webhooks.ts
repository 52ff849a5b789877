/**
 * Webhooks: an app's endpoint with the events it wants and its signing secret (sealed;
 * the previous one signs on for a day after a rotation), and the outbox of deliveries, written in
 * the transaction of what happened and delivered with retries for a day (modules/webhooks).
 */
export const up = [
  `create table app_webhooks (
    client_id text primary key references oauth2_clients (client_id) on delete cascade on update cascade,
    url text not null,
    events text[] not null,
    secret text not null,
    previous_secret text,
    previous_secret_expires_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table webhook_deliveries (
    id bigint generated always as identity primary key,
    event_id text not null,
    client_id text not null references oauth2_clients (client_id) on delete cascade on update cascade,
    type text not null,
    body text not null,
    attempts int not null default 0,
    next_attempt_at timestamptz not null default now(),
    delivered_at timestamptz,
    failed_at timestamptz,
    last_status int,
    last_error text,
    created_at timestamptz not null default now()
  )`,
  `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where delivered_at is null and failed_at is null`,
  'create index webhook_deliveries_client_idx on webhook_deliveries (client_id, created_at desc)',
];
