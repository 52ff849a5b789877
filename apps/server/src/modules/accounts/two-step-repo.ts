import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** two_step_challenges: the half-signed-in state. Takes a Db or a transaction. */
export function createTwoStepRepo(db: Db) {
  /** A challenge that is live (unused, unexpired), by its token's hash. */
  const live = (tokenHash: string) =>
    db
      .selectFrom('two_step_challenges')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
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
      return (await live(tokenHash).executeTakeFirst())?.user_id;
    },
    /** liveUser, its challenge held for the transaction (a share lock): ending it waits for this. */
    async holdLive(tokenHash: string): Promise<string | undefined> {
      return (await live(tokenHash).forShare().executeTakeFirst())?.user_id;
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
     * Ends the account's half-signed-in states (a password reset or change, a sign-out of the other
     * sessions): a first step made with the old password finishes nothing. They expire now rather
     * than go, so housekeeping still tells the owner of a right password whose second step never
     * came (purge): the owner who acted on a suspicion keeps the line that confirms it.
     */
    async endAll(userId: string): Promise<void> {
      await db
        .updateTable('two_step_challenges')
        // Its own creation, not now(): a transaction that began before this one commits compares
        // expires_at with its own, earlier now(), and must not find the state live either.
        .set({ expires_at: sql`created_at` })
        .where('user_id', '=', userId)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
    },
    /**
     * Deletes spent and expired challenges (housekeeping): how many, and per account the ones that
     * expired unused (a right password whose second step never came), with the newest's address.
     * One left behind while the owner signed in from the same address afterwards (a second tab, a
     * double submit) is not counted. The accounts whose unused challenges are counted are held
     * first (`for key share`, as the activity's rows that name them will), skipping one being
     * deleted: its challenges go with it, and the two never wait on each other in a circle.
     */
    async purge(): Promise<{
      deleted: number;
      abandoned: { userId: string; ip: string | null; count: number }[];
    }> {
      const { rows: held } = await sql<{ id: string }>`
        select id from users where id in (
          select user_id from two_step_challenges where used_at is null and expires_at < now())
        for key share skip locked`.execute(db);
      const { rows } = await sql<{ user_id: string; ip: string | null; deleted: number; abandoned: number }>`
        with gone as (
          delete from two_step_challenges
          where used_at is not null
            or (expires_at < now() and user_id = any(${held.map((row) => row.id)}::uuid[]))
          returning user_id, ip, used_at, created_at),
        unused as (
          select * from gone g where g.used_at is null and not exists (
            select 1 from session_logs l
            where l.user_id = g.user_id and l.ip is not distinct from g.ip and l.created_at >= g.created_at))
        select g.user_id, count(*)::int as deleted,
          (select count(*) from unused u where u.user_id = g.user_id)::int as abandoned,
          (select u.ip from unused u where u.user_id = g.user_id order by u.created_at desc limit 1) as ip
        from gone g group by g.user_id`.execute(db);
      return {
        deleted: rows.reduce((sum, row) => sum + Number(row.deleted), 0),
        abandoned: rows
          .filter((row) => Number(row.abandoned) > 0)
          .map((row) => ({ userId: row.user_id, ip: row.ip, count: Number(row.abandoned) })),
      };
    },
  };
}
