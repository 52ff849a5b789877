/**
 * An app's recent refusals: what the OAuth endpoints answered its requests with, so its
 * developer reads them on the app's page instead of guessing. Kept a week (clients/purge.ts).
 */
export const up = [
  `create table oauth2_client_errors (
    id bigint generated always as identity primary key,
    client_id text not null,
    endpoint text not null,
    error text not null,
    description text,
    created_at timestamptz not null default now()
  )`,
  'create index oauth2_client_errors_client_idx on oauth2_client_errors (client_id, created_at desc)',
];
