import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** two_step_challenges: the half-signed-in state. Takes a Db or a transaction. */
export function createTwoStepRepo(db: Db) {
  return {
    async insert(tokenHash: string, userId: string, ttlSeconds: number, ip: string | null): Promise<void> {
      await db
        .insertInto('two_step_challenges')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          ip,
          expires_at: sql`now() + (${ttlSeconds}::int * interval '1 second')`,
        })
        .execute();
    },
    /** The account a live (unused, unexpired) challenge belongs to. */
    async liveUser(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('two_step_challenges')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.user_id;
    },
    /** Uses a live challenge once (one conditional statement): of two racing second steps, one wins. */
    async consume(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .updateTable('two_step_challenges')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
    /**
     * Ends the account's half-signed-in states (a password reset or change): a first step made
     * with the old password finishes nothing.
     */
    async endAll(userId: string): Promise<void> {
      await db.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
    },
    /**
     * Deletes spent and expired challenges (housekeeping), in one statement: how many, and the ones
     * that expired unused (a right password whose second step never came) per account and address.
     */
    async purge(): Promise<{
      deleted: number;
      abandoned: { userId: string; ip: string | null; count: number }[];
    }> {
      const { rows } = await sql<{ user_id: string; ip: string | null; deleted: number; abandoned: number }>`
        with gone as (
          delete from two_step_challenges where used_at is not null or expires_at < now()
          returning user_id, ip, used_at)
        select user_id, ip, count(*)::int as deleted, (count(*) filter (where used_at is null))::int as abandoned
        from gone group by user_id, ip`.execute(db);
      return {
        deleted: rows.reduce((sum, row) => sum + Number(row.deleted), 0),
        abandoned: rows
          .filter((row) => Number(row.abandoned) > 0)
          .map((row) => ({ userId: row.user_id, ip: row.ip, count: Number(row.abandoned) })),
      };
    },
  };
}
