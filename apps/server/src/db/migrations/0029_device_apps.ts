/** Device and command-line apps (the device authorization grant, RFC 8628): a fourth kind of app. */
export const up = [
  'alter table oauth2_clients drop constraint oauth2_clients_app_type_check',
  `alter table oauth2_clients add constraint oauth2_clients_app_type_check
    check (app_type in ('web', 'spa', 'native', 'device'))`,
];
