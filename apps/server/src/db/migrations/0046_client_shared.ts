/**
 * An app that has had a member is nobody's own registration either: a member reads its secret, so
 * an API's owner must not trust it with every scope. Apps with a member now, or with one in their
 * history, lose the mark.
 */
export const up = [
  `update oauth2_clients c set created_by = null
    where created_by is not null
      and (exists (select 1 from oauth2_client_members m where m.client_id = c.client_id)
           or exists (select 1 from oauth2_client_changes ch
                       where ch.client_id = c.client_id and 'members' = any (ch.fields)))`,
];
