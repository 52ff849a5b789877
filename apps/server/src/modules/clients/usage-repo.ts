import type { OAuthAction } from '@omnia/contracts/constants';
import { sql } from 'kysely';
import { PURGE_BATCH_SIZE } from '../../db/batch-delete';
import type { Db } from '../../db/connect';
import { managedBySql } from './managed-by-repo';

/*
 * The usage events behind the Developer Program's statistics (oauth2_usage_stats) and the
 * all-time counts older events are rolled up into (oauth2_usage_totals).
 */

export interface UsageEvent {
  client_id: string;
  action: OAuthAction;
  /** The account it was for, when there was one. */
  user_id: string | null;
  created_at: Date;
}

/**
 * Records one OAuth event for a client's statistics (`clientId` is the public client_id).
 * `createdAt` defaults to now(); tests and imports may back-date an event.
 */
export async function recordUsage(
  db: Db,
  clientId: string,
  action: OAuthAction,
  createdAt?: Date,
  userId?: string,
): Promise<void> {
  await db
    .insertInto('oauth2_usage_stats')
    .values({
      client_id: clientId,
      action,
      user_id: userId ?? null,
      ...(createdAt ? { created_at: createdAt } : {}),
    })
    .execute();
}

/** The usage events that name an account (its own 'Download your data'), newest first, with the app's name. */
export function usageEventsOf(db: Db, userId: string) {
  return db
    .selectFrom('oauth2_usage_stats as u')
    .leftJoin('oauth2_clients as c', 'c.client_id', 'u.client_id')
    .select(['u.client_id', 'c.name as app', 'u.action', 'u.created_at'])
    .where('u.user_id', '=', userId)
    .orderBy('u.created_at', 'desc')
    .execute();
}

/** A deleted account's usage events keep counting, naming nobody. */
export async function forgetUsageUser(db: Db, userId: string): Promise<void> {
  await db.updateTable('oauth2_usage_stats').set({ user_id: null }).where('user_id', '=', userId).execute();
}

/**
 * Stores buffered usage events in one statement (see usage.ts). An event may be written after its
 * account was deleted (it waited in a buffer, here or on another instance): it then names nobody,
 * as the deletion's forgetUsageUser leaves the others. Each account is read under a key-share lock,
 * so a deletion under way is waited for (its account is then gone), or waits for this insert and
 * finds its rows to forget.
 */
export async function recordUsageBatch(db: Db, events: readonly UsageEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = JSON.stringify(events.map((e) => ({ ...e, created_at: e.created_at.toISOString() })));
  await sql`insert into oauth2_usage_stats (client_id, action, user_id, created_at)
    select e.client_id, e.action,
      (select u.id from users u where u.id = e.user_id for key share),
      e.created_at
    from jsonb_to_recordset(${rows}::jsonb)
      as e(client_id text, action text, user_id uuid, created_at timestamptz)`.execute(db);
}

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
 * count over its events (keyed by the public client_id): the raw events of oauth2_usage_stats plus
 * the all-time counts of oauth2_usage_totals that older events were rolled up into (see
 * rollUpUsage). Today starts at midnight UTC; the 7 and 30 day windows are rolling, and only ever
 * read raw events. Undefined when the client is missing or someone else's.
 */
export async function queryClientStats(
  db: Db,
  userId: string,
  id: string,
): Promise<ClientStatsRow | undefined> {
  const { rows } = await sql<Omit<ClientStatsRow, 'total'> & { total: number | string }>`
    with client as (
      select client_id, created_at, updated_at
      from oauth2_clients
      where id = ${id} and ${managedBySql(userId)}
    ),
    raw as (
      select
        action,
        count(*) as total,
        count(*) filter (
          where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        ) as today,
        count(*) filter (where created_at >= now() - interval '7 days') as last7,
        count(*) filter (where created_at >= now() - interval '30 days') as last30
      from oauth2_usage_stats
      where client_id = (select client_id from client)
      group by action
    ),
    per_action as (
      select action, sum(total) as total, sum(today) as today, sum(last7) as last7, sum(last30) as last30
      from (
        select action, total, today, last7, last30 from raw
        union all
        select action, count, 0, 0, 0
        from oauth2_usage_totals
        where client_id = (select client_id from client)
      ) counts
      group by action
    )
    select
      coalesce((select sum(total) from per_action), 0)::bigint as "total",
      coalesce((select sum(today) from per_action), 0)::int as "today",
      coalesce((select sum(last7) from per_action), 0)::int as "last7Days",
      coalesce((select sum(last30) from per_action), 0)::int as "last30Days",
      coalesce((select json_object_agg(action, total) from per_action), '{}'::json)::text as "byAction",
      client.created_at,
      client.updated_at
    from client
  `.execute(db);
  const row = rows[0];
  // An all-time total may pass 2^31; pg reads bigint as a string.
  return row && { ...row, total: Number(row.total) };
}

/** One UTC day of the last 30: its events and the accounts they were for. */
export interface UsageDayRow {
  date: string;
  events: number;
  users: number;
}

/**
 * A client's last 30 UTC days, today included, oldest first (days without events count 0), and the
 * accounts of the whole window (a person active on several days counts once). Undefined when the
 * client is missing or someone else's.
 */
export async function queryClientDays(
  db: Db,
  userId: string,
  id: string,
): Promise<{ days: UsageDayRow[]; users: number } | undefined> {
  const { rows } = await sql<UsageDayRow & { window_users: number }>`
    with client as (
      select client_id from oauth2_clients where id = ${id} and ${managedBySql(userId)}
    ),
    days as (
      select generate_series(
        date_trunc('day', now() at time zone 'UTC') - interval '29 days',
        date_trunc('day', now() at time zone 'UTC'),
        interval '1 day'
      ) as day
    ),
    events as (
      select date_trunc('day', created_at at time zone 'UTC') as day, user_id
      from oauth2_usage_stats
      where client_id = (select client_id from client)
        and created_at >= (date_trunc('day', now() at time zone 'UTC') - interval '29 days') at time zone 'UTC'
    )
    select
      to_char(days.day, 'YYYY-MM-DD') as "date",
      count(events.day)::int as "events",
      count(distinct events.user_id)::int as "users",
      (select count(distinct user_id) from events)::int as "window_users"
    from days
    left join events on events.day = days.day
    where exists (select 1 from client)
    group by days.day
    order by days.day
  `.execute(db);
  if (!rows.length) return undefined;
  return {
    days: rows.map(({ date, events, users }) => ({ date, events, users })),
    users: rows[0]?.window_users ?? 0,
  };
}

/**
 * Moves usage events older than `olderThanDays` (beyond the statistics' 30-day windows) into the
 * per-client, per-action all-time counts, a batch per statement. Each statement deletes the events
 * and adds them to the counts at once, so a concurrent statistics read sees them in one place or
 * the other, never both or neither. Returns how many events were rolled up.
 */
export async function rollUpUsage(db: Db, olderThanDays: number, batchSize = PURGE_BATCH_SIZE) {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ moved: number }>`
      with moved as (
        delete from oauth2_usage_stats
        where id in (
          select id from oauth2_usage_stats
          where created_at < now() - (${olderThanDays}::int * interval '1 day')
          limit ${batchSize}
        )
        returning client_id, action
      ),
      added as (
        insert into oauth2_usage_totals (client_id, action, count)
        select client_id, action, count(*) from moved group by client_id, action
        on conflict (client_id, action)
        do update set count = oauth2_usage_totals.count + excluded.count
      )
      select count(*)::int as moved from moved
    `.execute(db);
    const moved = rows[0]?.moved ?? 0;
    total += moved;
    if (moved < batchSize) return total;
  }
}
