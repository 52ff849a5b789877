import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { managedBySql } from './managed-by-repo';
import type { ClientChangeState } from './tables';

/** One change of an app, as its history and the operator show it. */
export interface ClientChangeRow {
  id: string;
  client_id: string;
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  state: ClientChangeState;
  created_at: Date;
  decided_at: Date | null;
  requested_by: string[];
}

const COLUMNS = [
  'id',
  'client_id',
  'fields',
  'before',
  'after',
  'state',
  'created_at',
  'decided_at',
  'requested_by',
] as const;

/** oauth2_client_changes: an app's history and the changes waiting for review. Takes a Db or a transaction. */
export function createClientChangesRepo(db: Db) {
  return {
    /**
     * For the apps the account manages, each of these fields that a change applied since then
     * touched, with its value before the first such change (and the app's id and status).
     */
    async valuesBefore(userId: string, since: Date, fields: readonly string[]) {
      const { rows } = await sql<{ id: string; status: string; field: string; value: unknown }>`
        select distinct on (ch.client_id, f.field)
               oauth2_clients.id, oauth2_clients.status, f.field, ch.before -> f.field as value
          from oauth2_client_changes ch
          join oauth2_clients on oauth2_clients.client_id = ch.client_id
         cross join unnest(ch.fields) as f(field)
         where ${managedBySql(userId)}
           and ch.state = 'applied' and ch.created_at >= ${since}
           and f.field = any(${sql.val([...fields])}::text[])
         order by ch.client_id, f.field, ch.created_at, ch.id`.execute(db);
      return rows;
    },
    /**
     * Who put `uri` among the app's redirect URIs: the one account whose live change last added it,
     * else (it came with the registration) the owner of an app that never changed hands; null when
     * that is not one known account (a change several asked for, an app handed on since).
     */
    async redirectUriAddedBy(clientId: string, uri: string): Promise<string | null> {
      const { rows } = await sql<{ by: string | null }>`
        with added as (
          select requested_by from oauth2_client_changes
           where client_id = ${clientId} and state = 'applied' and 'redirect_uris' = any(fields)
             and (after -> 'redirect_uris') @> jsonb_build_array(${uri}::text)
             and not coalesce((before -> 'redirect_uris') @> jsonb_build_array(${uri}::text), false)
           order by created_at desc, id desc limit 1)
        select case when exists (select 1 from added)
          then (select case when cardinality(requested_by) = 1 then requested_by[1]::text end from added)
          else (select c.user_id::text from oauth2_clients c where c.client_id = ${clientId}
                 and not exists (select 1 from oauth2_client_changes ch
                                  where ch.client_id = c.client_id and 'owner' = any(ch.fields))) end as by`.execute(
        db,
      );
      return rows[0]?.by ?? null;
    },
    async record(row: {
      clientId: string;
      fields: string[];
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      state: ClientChangeState;
      requestedBy?: readonly string[];
    }): Promise<void> {
      await db
        .insertInto('oauth2_client_changes')
        .values({
          client_id: row.clientId,
          fields: row.fields,
          before: JSON.stringify(row.before),
          after: JSON.stringify(row.after),
          state: row.state,
          decided_at: row.state === 'pending' ? null : sql<Date>`now()`,
          requested_by: [...new Set(row.requestedBy ?? [])],
        })
        .execute();
    },
    /**
     * Ends the changes asked for since then that wait for review, on the account's own apps and
     * wherever the account asked for one; the client_ids.
     */
    async supersedeWaitingSince(userId: string, since: Date): Promise<string[]> {
      const ended = await db
        .updateTable('oauth2_client_changes as ch')
        .set({ state: 'superseded', decided_at: sql<Date>`now()` })
        .where('ch.state', '=', 'pending')
        .where('ch.created_at', '>=', since)
        .where((eb) =>
          eb.or([
            sql<boolean>`${userId}::uuid = any(ch.requested_by)`,
            eb.exists(
              eb
                .selectFrom('oauth2_clients as c')
                .select(sql<number>`1`.as('one'))
                .whereRef('c.client_id', '=', 'ch.client_id')
                .where('c.user_id', '=', userId),
            ),
          ]),
        )
        .returning('ch.client_id')
        .execute();
      return ended.map((r) => r.client_id);
    },
    /** Ends the app's waiting change if the account asked for any of it; whether one ended. */
    async supersedeAskedBy(clientId: string, userId: string): Promise<boolean> {
      const ended = await db
        .updateTable('oauth2_client_changes')
        .set({ state: 'superseded', decided_at: sql<Date>`now()` })
        .where('client_id', '=', clientId)
        .where('state', '=', 'pending')
        .where(sql<boolean>`${userId}::uuid = any(requested_by)`)
        .executeTakeFirst();
      return ended.numUpdatedRows > 0n;
    },
    /** The change waiting for review, locked for the caller's transaction. */
    pendingOf(clientId: string): Promise<ClientChangeRow | undefined> {
      return db
        .selectFrom('oauth2_client_changes')
        .select(COLUMNS)
        .where('client_id', '=', clientId)
        .where('state', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
    },
    /**
     * The app a waiting change (by its id) belongs to, read without a lock: the caller locks the
     * app's row first, then the change (pendingOf), in the order an edit takes them.
     */
    async appOfPending(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oauth2_client_changes')
        .select('client_id')
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return row?.client_id;
    },
    /** The changes waiting for review of these apps (or of every app). */
    pendingAmong(clientIds?: readonly string[]): Promise<ClientChangeRow[]> {
      let query = db.selectFrom('oauth2_client_changes').select(COLUMNS).where('state', '=', 'pending');
      if (clientIds) {
        if (clientIds.length === 0) return Promise.resolve([]);
        query = query.where('client_id', 'in', clientIds);
      }
      return query.execute();
    },
    /** Ends a waiting change: decided by the operator, or replaced by a newer one. */
    async decide(id: string, state: 'approved' | 'rejected' | 'superseded'): Promise<void> {
      await db
        .updateTable('oauth2_client_changes')
        .set({ state, decided_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
    /** An app's history, newest first. */
    history(clientId: string, limit: number): Promise<ClientChangeRow[]> {
      return db
        .selectFrom('oauth2_client_changes')
        .select(COLUMNS)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
