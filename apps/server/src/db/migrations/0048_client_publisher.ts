/**
 * The consent screen's 'Published by' line is the owner's full name as the operator approved it,
 * not as the owner types it now (anyone may call themselves 'Omnia'). Apps approved before this
 * keep their owner's name of today, the best record there is; null means nothing was reviewed,
 * and the line is not shown.
 */
export const up = [
  `alter table oauth2_clients add column publisher text`,
  `update oauth2_clients c set publisher = nullif(trim(p.full_name), '')
     from profiles p where p.id = c.user_id and c.status = 'approved'`,
];
