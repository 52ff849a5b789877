import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** oauth2_client_members: the accounts besides its owner that manage an app. */
export function createMembersRepo(db: Db) {
  return {
    list: (clientId: string) =>
      db
        .selectFrom('oauth2_client_members')
        .select(['user_id', 'added_at'])
        .where('client_id', '=', clientId)
        .orderBy('added_at')
        .orderBy('user_id')
        .execute(),
    async count(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('oauth2_client_members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return row.n;
    },
    /** Adds a member; false when they were one already. */
    async add(clientId: string, userId: string): Promise<boolean> {
      const added = await db
        .insertInto('oauth2_client_members')
        .values({ client_id: clientId, user_id: userId })
        .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return added !== undefined;
    },
    /** Removes a member; false when they were none. */
    async remove(clientId: string, userId: string): Promise<boolean> {
      const done = await db
        .deleteFrom('oauth2_client_members')
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return done.numDeletedRows > 0n;
    },
    /** The app's owner becomes `to` (a member, who stops being one); the caller adds `from` as a member. */
    async setOwner(clientId: string, from: string, to: string): Promise<boolean> {
      const done = await db
        .updateTable('oauth2_clients')
        .set({ user_id: to, updated_at: sql<Date>`now()` })
        .where('client_id', '=', clientId)
        .where('user_id', '=', from)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
  };
}
