/**
 * Who registered each app. An app can be handed to anyone who is made its member, so being an
 * API's owner's app now is not enough to be trusted with the API (its former owner may still
 * hold its secret): only an app its owner registered, and still owns, is. Apps handed on before
 * this migration name the owner before their first hand-over, when that account still exists.
 */
export const up = [
  'alter table oauth2_clients add column created_by uuid references users (id) on delete set null',
  `update oauth2_clients c set created_by = case
     when exists (select 1 from oauth2_client_changes ch
                   where ch.client_id = c.client_id and 'owner' = any (ch.fields))
     then (select u.id from oauth2_client_changes ch join users u on u.id::text = ch.before ->> 'owner'
            where ch.client_id = c.client_id and 'owner' = any (ch.fields)
            order by ch.created_at limit 1)
     else c.user_id end`,
];
