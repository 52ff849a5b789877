import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** What a challenge is for: a new passkey, a sign-in, or a confirmation by a known account. */
type ChallengePurpose = 'register' | 'sign-in' | 'confirm';

/** passkeys and webauthn_challenges. Takes a Db or a transaction. */
export function createPasskeysRepo(db: Db) {
  return {
    listOf(userId: string) {
      return db
        .selectFrom('passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at', 'transports'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute();
    },
    find(id: string) {
      return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(row: {
      id: string;
      userId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      deviceType: string;
      backedUp: boolean;
      name: string;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('passkeys')
        .values({
          id: row.id,
          user_id: row.userId,
          public_key: row.publicKey,
          counter: row.counter,
          transports: row.transports,
          device_type: row.deviceType,
          backed_up: row.backedUp,
          name: row.name,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    /** Holds one of the account's passkeys for the transaction (its removal waits); false once gone. */
    async hold(id: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('passkeys')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
    },
    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const row = await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Every passkey of the account; how many. */
    async removeAll(userId: string): Promise<number> {
      const rows = await db.deleteFrom('passkeys').where('user_id', '=', userId).returning('id').execute();
      return rows.length;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const row = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * A use with the authenticator's new counter: accepted once per counter value (one conditional
     * statement), so a replayed or cloned assertion is refused. Authenticators that keep no counter
     * (always 0) are accepted as such.
     */
    async recordUse(id: string, newCounter: number): Promise<boolean> {
      const row = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: sql`now()` })
        .where('id', '=', id)
        .where(sql<boolean>`(counter < ${newCounter} or (counter = 0 and ${newCounter}::bigint = 0))`)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async putChallenge(
      challenge: string,
      purpose: ChallengePurpose,
      userId: string | null,
      ttlSeconds: number,
    ) {
      await db
        .insertInto('webauthn_challenges')
        .values({
          challenge,
          purpose,
          user_id: userId,
          expires_at: sql`now() + (${ttlSeconds}::int * interval '1 second')`,
        })
        .execute();
    },
    /** Uses a live challenge once (one conditional statement): a replayed response finds none. */
    async consumeChallenge(
      challenge: string,
      purpose: ChallengePurpose,
      userId: string | null,
    ): Promise<boolean> {
      const row = await db
        .updateTable('webauthn_challenges')
        .set({ used_at: sql`now()` })
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where(sql<boolean>`(user_id is not distinct from ${userId}::uuid)`)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('challenge')
        .executeTakeFirst();
      return row !== undefined;
    },
    async purgeChallenges(): Promise<number> {
      const result = await db
        .deleteFrom('webauthn_challenges')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', sql<Date>`now()`)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
