/**
 * An app a tool registered with an initial access token (RFC 7591) is not its developer's own
 * registration: the tool got its secret, so an API's owner must not trust it with every scope.
 * Such an app is known by its registration access token's row while that lives, else by the
 * 'app_registered' notice its developer got within seconds of its creation (kept 90 days). An app
 * of theirs made in the console in those seconds loses the mark too: it is then allowed on the
 * API's page like anyone's, which errs on the safe side. Older apps whose token was ended leave
 * no trace; docs/operations.md says how an operator clears them.
 */
export const up = [
  `update oauth2_clients c set created_by = null
    where created_by is not null
      and (exists (select 1 from client_registrations r where r.client_id = c.client_id)
           or exists (select 1 from notifications n
                       where n.user_id = c.created_by and n.kind = 'app_registered'
                         and n.created_at between c.created_at and c.created_at + interval '10 seconds'))`,
];
