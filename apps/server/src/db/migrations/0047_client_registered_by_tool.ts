/**
 * An app a tool registered with an initial access token (RFC 7591) is not its developer's own
 * registration: the tool got its secret, so an API's owner must not trust it with every scope.
 * Every such app has its registration access token's row.
 */
export const up = [
  `update oauth2_clients c set created_by = null
    where created_by is not null
      and exists (select 1 from client_registrations r where r.client_id = c.client_id)`,
];
