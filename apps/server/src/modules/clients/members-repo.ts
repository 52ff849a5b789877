import { OWNERSHIP_OFFER_DAYS } from '@omnia/contracts/members';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** An offer made within OWNERSHIP_OFFER_DAYS: one that still stands. */
const standing = sql<boolean>`ownership_offered_at > now() - make_interval(days => ${OWNERSHIP_OFFER_DAYS})`;

/** oauth2_client_members: the accounts besides its owner that manage an app. */
export function createMembersRepo(db: Db) {
  /** Withdraws the app's standing offer (of `userId` only, when given): to whom it stood, if any. */
  const withdraw = async (clientId: string, userId?: string): Promise<string | undefined> => {
    let query = db
      .updateTable('oauth2_client_members')
      .set({ ownership_offered_at: null })
      .where('client_id', '=', clientId)
      .where(standing);
    if (userId) query = query.where('user_id', '=', userId);
    const rows = await query.returning('user_id').execute();
    return rows[0]?.user_id;
  };
  return {
    withdraw,
    /** Who holds the standing offer of the app with this id, read without a lock (to hold them first). */
    async offeredOn(appId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oauth2_client_members as m')
        .innerJoin('oauth2_clients as c', 'c.client_id', 'm.client_id')
        .select('m.user_id')
        .where('c.id', '=', appId)
        .where(standing)
        .executeTakeFirst();
      return row?.user_id;
    },
    list: (clientId: string) =>
      db
        .selectFrom('oauth2_client_members')
        .select([
          'user_id',
          'added_at',
          sql<Date | null>`case when ${standing}
            then ownership_offered_at + make_interval(days => ${OWNERSHIP_OFFER_DAYS}) end`.as(
            'offered_until',
          ),
        ])
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
    /**
     * Adds a member; false when they were one already. The app is nobody's own registration any
     * more (`created_by`): a member reads its secret, and may keep it after leaving.
     */
    async add(clientId: string, userId: string): Promise<boolean> {
      const added = await db
        .insertInto('oauth2_client_members')
        .values({ client_id: clientId, user_id: userId })
        .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (added === undefined) return false;
      await db
        .updateTable('oauth2_clients')
        .set({ created_by: null })
        .where('client_id', '=', clientId)
        .where('created_by', 'is not', null)
        .execute();
      return true;
    },
    /**
     * The apps `fromId` handed over at or after `since` that are still with the account it handed
     * them to (their history's owner changes, newest first): the app's id and that account.
     */
    handedOverSince: (fromId: string, since: Date) =>
      db
        .selectFrom('oauth2_client_changes as ch')
        .innerJoin('oauth2_clients as c', 'c.client_id', 'ch.client_id')
        .select(['c.id as app_id', 'c.user_id as holder'])
        .distinct()
        .where(sql<boolean>`'owner' = any (ch.fields)`)
        .where(sql<boolean>`ch.before ->> 'owner' = ${fromId}`)
        .where(sql<boolean>`ch.after ->> 'owner' = c.user_id::text`)
        .where('ch.created_at', '>=', since)
        .execute(),
    /** The standing offers made at or after `since` on the apps `ownerId` owns (by the app's id). */
    offeredSince: (ownerId: string, since: Date) =>
      db
        .selectFrom('oauth2_client_members as m')
        .innerJoin('oauth2_clients as c', 'c.client_id', 'm.client_id')
        .select(['c.id as app_id', 'm.user_id'])
        .where('c.user_id', '=', ownerId)
        .where('m.ownership_offered_at', '>=', since)
        .where(standing)
        .execute(),
    /** The members added at or after `since` to the apps `ownerId` owns (by the app's id). */
    addedSince: (ownerId: string, since: Date) =>
      db
        .selectFrom('oauth2_client_members as m')
        .innerJoin('oauth2_clients as c', 'c.client_id', 'm.client_id')
        .select(['c.id as app_id', 'm.user_id'])
        .where('c.user_id', '=', ownerId)
        .where('m.added_at', '>=', since)
        .execute(),
    /** The apps (client_id) an account is a member of, in a stable order. */
    async appsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('oauth2_client_members')
        .select('client_id')
        .where('user_id', '=', userId)
        .orderBy('client_id')
        .execute();
      return rows.map((row) => row.client_id);
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
    /** Offers the app to a member (the only offer: any other is withdrawn); false when they are none. */
    async offer(clientId: string, userId: string): Promise<boolean> {
      await db
        .updateTable('oauth2_client_members')
        .set({ ownership_offered_at: null })
        .where('client_id', '=', clientId)
        .where('ownership_offered_at', 'is not', null)
        .execute();
      const done = await db
        .updateTable('oauth2_client_members')
        .set({ ownership_offered_at: sql<Date>`now()` })
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
    /**
     * Takes the member's standing offer, once: one conditional update, so of two acceptances one
     * finds it; false when none stands (never made, withdrawn, declined or lapsed).
     */
    async takeOffer(clientId: string, userId: string): Promise<boolean> {
      const done = await db
        .updateTable('oauth2_client_members')
        .set({ ownership_offered_at: null })
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .where(standing)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
    /**
     * The app's owner becomes `to` (a member, who stops being one); the caller adds `from` as a
     * member. The app is nobody's own registration any more (`created_by`): each side has known it.
     */
    async setOwner(clientId: string, from: string, to: string): Promise<boolean> {
      const done = await db
        .updateTable('oauth2_clients')
        // The new owner's name was never reviewed: 'Published by' waits for the next approval.
        .set({ user_id: to, created_by: null, publisher: null, updated_at: sql<Date>`now()` })
        .where('client_id', '=', clientId)
        .where('user_id', '=', from)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
  };
}
