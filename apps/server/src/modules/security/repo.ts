import type { SecurityEvent, SecurityEventKind } from '@omnia/contracts/security';
import { sql } from 'kysely';
import { deleteInBatches } from '../../db/batch-delete';
import type { Db } from '../../db/connect';
import { isUuid } from '../../ids';

/**
 * Failed checks kept as bursts: a wrong password at sign-in, a wrong code after a right password,
 * and a wrong password or code in a signed-in session ('Confirm it's you', change of password or
 * address, deletion), which says someone holds a session.
 */
export type FailedCheckKind = 'sign_in_failed' | 'second_step_failed' | 'confirm_failed';

export interface NewSecurityEvent {
  userId: string;
  kind: SecurityEventKind;
  detail?: Record<string, string | number>;
  ip?: string | null;
  /** When it happened (timestamptz text), when that was before now (a queued failure). */
  at?: string;
}

export const isEventId = (value: string) => isUuid(value);

/** The per-account security log. Takes a Db or a transaction. */
export function createSecurityEventsRepo(db: Db) {
  return {
    async insert(event: NewSecurityEvent): Promise<void> {
      await this.insertQuery(event).execute();
    },
    /** The same insert, not run: another statement runs it as one of its CTEs (a sign-in's). */
    insertQuery(event: NewSecurityEvent) {
      return db.insertInto('security_events').values({
        user_id: event.userId,
        kind: event.kind,
        detail: JSON.stringify(event.detail ?? {}),
        ip: event.ip ?? null,
        ...(event.at === undefined ? {} : { created_at: event.at }),
      });
    },
    /** Whether the account had an event of this kind in the last `seconds`. */
    async forget(userId: string): Promise<void> {
      await db.deleteFrom('security_events').where('user_id', '=', userId).execute();
    },
    /** Which of these apps (`detail.app_id`) anyone's events of these kinds named since then. */
    async appsNamedSince(
      appIds: readonly string[],
      kinds: readonly SecurityEventKind[],
      since: Date,
    ): Promise<string[]> {
      if (appIds.length === 0) return [];
      const rows = await db
        .selectFrom('security_events')
        .select(sql<string>`detail ->> 'app_id'`.as('app_id'))
        .distinct()
        .where('kind', 'in', kinds)
        .where('created_at', '>=', since)
        .where(sql<boolean>`detail ->> 'app_id' = any(${[...appIds]}::text[])`)
        .execute();
      return rows.map((r) => r.app_id);
    },
    async happenedWithin(userId: string, kind: SecurityEventKind, seconds: number): Promise<boolean> {
      const row = await db
        .selectFrom('security_events')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('created_at', '>', sql<Date>`now() - (${seconds}::int * interval '1 second')`)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Failed sign-ins are kept as bursts: one row per account and address per window, counting
     * attempts, so a brute-force run shows as one line instead of burying the log, and a stranger's
     * guesses never hide in a line that shows the owner's own mistype and address. (The account's
     * lockout bounds how many addresses a window can show.)
     */
    async countFailedSignIn(
      userId: string,
      ip: string | null,
      windowSeconds: number,
      kind: FailedCheckKind = 'sign_in_failed',
      /** When it failed (timestamptz text; now when not given). */
      at?: string,
    ): Promise<void> {
      const when = at === undefined ? sql<Date>`now()` : sql<Date>`${at}::timestamptz`;
      // One line counts it, the newest of the window: a failure noted late may fall in two lines'.
      const updated = await db
        .updateTable('security_events')
        .set({
          detail: sql`jsonb_set(detail, '{count}', to_jsonb(coalesce((detail->>'count')::int, 1) + 1))`,
        })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('security_events')
            .select('id')
            .where('user_id', '=', userId)
            .where('kind', '=', kind)
            .where(sql<boolean>`ip is not distinct from ${ip}::text`)
            .where('created_at', '>', sql<Date>`${when} - (${windowSeconds}::int * interval '1 second')`)
            .orderBy('created_at', 'desc')
            .limit(1),
        )
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await this.insert({ userId, kind, detail: { count: 1 }, ip, ...(at === undefined ? {} : { at }) });
    },
    /** Deletes events older than `retentionDays` (every account's). */
    purgeOlderThan(retentionDays: number): Promise<number> {
      return deleteInBatches(
        db,
        'security_events',
        sql<boolean>`created_at < now() - (${retentionDays}::int * interval '1 day')`,
      );
    },
    /** Newest first; `beforeId` (the last id of the previous page) continues after that row. */
    /** Every event of a person, newest first (Download your data). */
    all(userId: string) {
      return db
        .selectFrom('security_events')
        .select(['kind', 'detail', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },
    async list(
      userId: string,
      limit: number,
      beforeId: string | null,
      kinds?: readonly SecurityEventKind[],
    ): Promise<SecurityEvent[]> {
      let q = db
        .selectFrom('security_events')
        .select(['id', 'kind', 'detail', 'ip', 'created_at'])
        .where('user_id', '=', userId);
      if (kinds) q = q.where('kind', 'in', [...kinds]);
      if (beforeId)
        // Compared in the database, at its full timestamp precision.
        q = q.where(
          sql<boolean>`(created_at, id) < (select e.created_at, e.id from security_events e where e.id = ${beforeId} and e.user_id = ${userId})`,
        );
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as SecurityEventKind,
        detail: r.detail as Record<string, string | number>,
        ip: r.ip,
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
export type SecurityEventsRepo = ReturnType<typeof createSecurityEventsRepo>;
