/**
 * Every change of an app, and the changes that wait for the operator's review. oauth2_clients keeps
 * only reviewed values, which the OAuth engine reads; a new name, logo or redirect URI of an
 * approved app is held here as `pending` (at most one per app) until it is approved or rejected.
 * `before` and `after` hold the changed fields only.
 */
export const up = [
  `create table oauth2_client_changes (
    id uuid primary key default gen_random_uuid(),
    client_id text not null references oauth2_clients (client_id) on delete cascade on update cascade,
    fields text[] not null,
    before jsonb not null,
    after jsonb not null,
    state text not null check (state in ('applied', 'pending', 'approved', 'rejected', 'superseded')),
    created_at timestamptz not null default now(),
    decided_at timestamptz
  )`,
  `create unique index oauth2_client_changes_one_pending on oauth2_client_changes (client_id)
    where state = 'pending'`,
  'create index oauth2_client_changes_client_idx on oauth2_client_changes (client_id, created_at)',
];
