import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { EmailTokenPurpose } from './tables';

/** link_requests: forgot-password and resend requests waiting for the worker (link-requests.ts). */
export function createLinkRequestsRepo(db: Db) {
  return {
    async queue(row: { purpose: EmailTokenPurpose; email: string }): Promise<void> {
      await db.insertInto('link_requests').values({ purpose: row.purpose, email: row.email }).execute();
    },
    /**
     * Takes up to `limit` requests, oldest first, deleting them in the caller's transaction (so a
     * failed pass leaves them); requests another instance is taking are skipped.
     */
    async take(limit: number) {
      const { rows } = await sql<{
        purpose: EmailTokenPurpose;
        email: string;
        /** As PostgreSQL writes it, to the microsecond. */
        created_at: string;
      }>`
        delete from link_requests
         where id in (select id from link_requests order by id limit ${limit} for update skip locked)
        returning purpose, email, created_at::text as created_at`.execute(db);
      return rows;
    },
    /** Requests left for a day (no worker ran): dropped, as their links would be stale; how many. */
    async purge(): Promise<number> {
      const result = await db
        .deleteFrom('link_requests')
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
