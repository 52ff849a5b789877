import { type RawBuilder, sql } from 'kysely';

/**
 * The due deliveries of `table` a worker claims next, for the `where id in (…)` of its claiming
 * update: oldest due first, at most `perApp` of one app and none of `busyApps` (theirs are under
 * way here), skipping rows another instance holds.
 */
export function fairDueIds(
  table: 'webhook_deliveries' | 'oauth_logout_deliveries',
  limit: number,
  perApp: number,
  busyApps: string[],
): RawBuilder<unknown> {
  const rows = sql.table(table);
  const due = sql`delivered_at is null and failed_at is null and next_attempt_at <= now()`;
  return sql`
    select id from ${rows}
     where ${due}
       and id in (
         select id from (
           select id, row_number() over (partition by client_id order by next_attempt_at) as n
             from ${rows}
            where ${due} and client_id <> all(${busyApps}::text[])) ranked
          where n <= ${perApp})
     order by next_attempt_at
     limit ${limit}
     for update skip locked`;
}
