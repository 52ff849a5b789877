/**
 * An app that changed hands, even back to whoever registered it, is nobody's own registration: the
 * other side was its owner or a member and may keep its secret, so an API's owner must not trust it
 * with every scope. Apps handed over before this migration are found in their history.
 */
export const up = [
  `update oauth2_clients c set created_by = null
    where created_by is not null
      and exists (select 1 from oauth2_client_changes ch
                   where ch.client_id = c.client_id and 'owner' = any (ch.fields))`,
];
