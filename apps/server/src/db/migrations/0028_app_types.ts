/**
 * The kind of each app: existing apps are web applications. A single-page or native app
 * is a public client and has no secret; a web application always has one.
 */
export const up = [
  `alter table oauth2_clients add column app_type text not null default 'web'
    check (app_type in ('web', 'spa', 'native'))`,
  'alter table oauth2_clients alter column client_secret drop not null',
  `alter table oauth2_clients add constraint oauth2_clients_secret_by_type
    check ((app_type = 'web') = (client_secret is not null))`,
];
