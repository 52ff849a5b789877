/**
 * Members of an app: other accounts its owner adds. A member sees and manages the app
 * as the owner does (credentials, settings, statistics, webhook); only the owner deletes it,
 * transfers it and changes who its members are (modules/clients/members.ts).
 */
export const up = [
  `create table oauth2_client_members (
    client_id text not null references oauth2_clients (client_id) on delete cascade on update cascade,
    user_id uuid not null references users (id) on delete cascade,
    added_at timestamptz not null default now(),
    primary key (client_id, user_id)
  )`,
  'create index oauth2_client_members_user_idx on oauth2_client_members (user_id)',
];
