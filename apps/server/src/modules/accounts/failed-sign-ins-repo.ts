import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** failed_sign_ins: wrong passwords at sign-in waiting for the worker (failed-sign-ins.ts). */
export function createFailedSignInsRepo(db: Db) {
  return {
    async queue(row: { userId: string | null; ip: string | null; lockedSeconds: number }): Promise<void> {
      await db
        .insertInto('failed_sign_ins')
        .values({ user_id: row.userId, ip: row.ip, locked_seconds: row.lockedSeconds })
        .execute();
    },
    /**
     * Takes up to `limit` failures, oldest first, deleting them in the caller's transaction (so a
     * failed pass leaves them); failures another instance is taking are skipped.
     */
    async take(limit: number) {
      const { rows } = await sql<{
        id: string;
        user_id: string | null;
        ip: string | null;
        locked_seconds: number;
        /** As PostgreSQL writes it, to the microsecond. */
        created_at: string;
      }>`
        with taken as (
          delete from failed_sign_ins
           where id in (select id from failed_sign_ins order by id limit ${limit} for update skip locked)
          returning id, user_id, ip, locked_seconds, created_at
        )
        -- By account (a pass holds each account's lock to its end: two instances' passes take them
        -- in one order), each account's in the order they came (a burst's line starts at its first).
        select id::text as id, user_id, ip, locked_seconds, created_at::text as created_at
          from taken order by user_id nulls first, id`.execute(db);
      return rows;
    },
    /**
     * A reset lifted the account's lock: its failures still waiting are noted without it (the
     * owner is not told of a pause that is over). A pass taking them meanwhile is waited for.
     */
    async lockLifted(userId: string): Promise<void> {
      await db
        .updateTable('failed_sign_ins')
        .set({ locked_seconds: 0 })
        .where('user_id', '=', userId)
        .execute();
    },
    /** Failures left for a day (no worker ran): dropped; how many. */
    async purge(): Promise<number> {
      const result = await db
        .deleteFrom('failed_sign_ins')
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
