import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export interface ClientStatsRow {
  total: number;
  today: number;
  last7Days: number;
  last30Days: number;
  /** Counts per action, as JSON text (one encoding on both PGlite and pg). */
  byAction: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * A client's usage statistics in one SQL statement: the owner check, the client's dates and every
 * count over oauth2_usage_stats (keyed by the public client_id). Today starts at midnight UTC; the
 * 7 and 30 day windows are rolling. Undefined when the client is missing or someone else's.
 */
export async function queryClientStats(
  db: Db,
  userId: string,
  id: string,
): Promise<ClientStatsRow | undefined> {
  const { rows } = await sql<ClientStatsRow>`
    with client as (
      select client_id, created_at, updated_at
      from oauth2_clients
      where id = ${id} and user_id = ${userId}
    ),
    per_action as (
      select
        action,
        count(*)::int as total,
        (count(*) filter (
          where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        ))::int as today,
        (count(*) filter (where created_at >= now() - interval '7 days'))::int as last7,
        (count(*) filter (where created_at >= now() - interval '30 days'))::int as last30
      from oauth2_usage_stats
      where client_id = (select client_id from client)
      group by action
    )
    select
      coalesce((select sum(total) from per_action), 0)::int as "total",
      coalesce((select sum(today) from per_action), 0)::int as "today",
      coalesce((select sum(last7) from per_action), 0)::int as "last7Days",
      coalesce((select sum(last30) from per_action), 0)::int as "last30Days",
      coalesce((select json_object_agg(action, total) from per_action), '{}'::json)::text as "byAction",
      client.created_at,
      client.updated_at
    from client
  `.execute(db);
  return rows[0];
}
