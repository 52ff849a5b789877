import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { AccountsTables } from './tables';

/**
 * How long the old address can cancel a change (and the request is kept): counted from its
 * confirmation (the mail saying the address changed promises this long), or from the request while
 * unconfirmed.
 */
export const CANCEL_DAYS = 7;
const windowStart = (table: 'email_changes' | 'c') =>
  sql<Date>`coalesce(${sql.ref(`${table}.confirmed_at`)}, ${sql.ref(`${table}.created_at`)})`;
const withinWindow = (table: 'email_changes' | 'c') =>
  sql<boolean>`${windowStart(table)} > now() - (${CANCEL_DAYS}::int * interval '1 day')`;

/** A change whose link still works: asked from a session still signed in (or from before they were recorded). */
const askedFromLiveSession = (eb: ExpressionBuilder<AccountsTables, 'email_changes'>) =>
  eb.or([
    eb('requester_session_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('sessions')
        .select('sessions.id')
        .whereRef('sessions.id', '=', 'email_changes.requester_session_id')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`now()`),
    ),
  ]);

/** A cancel link not yet spent: its change still open, or withdrawn before its confirmation. */
const linkUsable = (eb: ExpressionBuilder<AccountsTables, 'email_changes'>) =>
  eb.or([eb('cancelled_at', 'is', null), eb('withdrawn_at', 'is not', null)]);

/**
 * Ends the account's changes not yet confirmed: their confirm links stop working; their cancel
 * links still work once (withdrawn). Whether one was still waiting for its link (not expired).
 */
async function withdrawPending(db: Db, userId: string): Promise<boolean> {
  const ended = await db
    .updateTable('email_changes')
    .set({ cancelled_at: sql`now()`, withdrawn_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning(sql<boolean>`expires_at > now()`.as('live'))
    .execute();
  return ended.some((row) => row.live);
}

/** email_changes. Takes a Db or a transaction. */
export function createEmailChangeRepo(db: Db) {
  return {
    /** A new request replaces any pending one of the account. */
    async open(row: {
      userId: string;
      oldEmail: string;
      newEmail: string;
      confirmHash: string;
      cancelHash: string;
      ttlSeconds: number;
      requesterSignedInAt: Date | null;
      requesterSessionId: string;
    }) {
      await withdrawPending(db, row.userId);
      await db
        .insertInto('email_changes')
        .values({
          user_id: row.userId,
          old_email: row.oldEmail,
          new_email: row.newEmail,
          confirm_hash: row.confirmHash,
          cancel_hash: row.cancelHash,
          expires_at: sql`now() + (${row.ttlSeconds}::int * interval '1 second')`,
          requester_signed_in_at: row.requesterSignedInAt,
          requester_session_id: row.requesterSessionId,
        })
        .execute();
    },
    /**
     * Confirms once (one conditional statement): a live, uncancelled request whose asking session
     * still works (signed out, or ended by a password change or reset, its link is dead).
     */
    confirm(confirmHash: string) {
      return db
        .updateTable('email_changes')
        .set({ confirmed_at: sql`now()` })
        .where('confirm_hash', '=', confirmHash)
        .where('confirmed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where(askedFromLiveSession)
        .returning(['user_id', 'old_email', 'new_email'])
        .executeTakeFirst();
    },
    /**
     * The account a change's link names, used or not, read without a lock: its transaction takes
     * the account before the change, in the order 'Sign out all other sessions' and a reset take them.
     */
    async ownerOf(hash: { confirm: string } | { cancel: string }): Promise<string | undefined> {
      const row = await db
        .selectFrom('email_changes')
        .select('user_id')
        .where(
          'confirm' in hash ? 'confirm_hash' : 'cancel_hash',
          '=',
          'confirm' in hash ? hash.confirm : hash.cancel,
        )
        .executeTakeFirst();
      return row?.user_id;
    },
    /**
     * Cancels once, within seven days of the confirmation (or of the request, unconfirmed): a
     * change still open, or one withdrawn before its confirmation (its link is spent here).
     */
    cancel(cancelHash: string) {
      return db
        .updateTable('email_changes')
        .set({ cancelled_at: sql`now()`, withdrawn_at: null })
        .where('cancel_hash', '=', cancelHash)
        .where(linkUsable)
        .where(withinWindow('email_changes'))
        .returning([
          'user_id',
          'old_email',
          'new_email',
          'confirmed_at',
          'created_at',
          'requester_signed_in_at',
        ])
        .executeTakeFirst();
    },
    /** Marks the change whose cancel link parked its account (parkedBy finds it again). */
    async markParked(cancelHash: string): Promise<void> {
      await db
        .updateTable('email_changes')
        .set({ parked_at: sql`now()` })
        .where('cancel_hash', '=', cancelHash)
        .execute();
    },
    /** The account a cancel link of the week that parked it names, with its address now. */
    parkedBy(cancelHash: string) {
      return db
        .selectFrom('email_changes as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.user_id', 'u.email'])
        .where('c.cancel_hash', '=', cancelHash)
        .where('c.parked_at', 'is not', null)
        .where(withinWindow('c'))
        .executeTakeFirst();
    },
    /** Whether a confirmed change of the account's address can still be cancelled (its week). */
    async confirmedWithinCancelWindow(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('email_changes')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where('cancelled_at', 'is', null)
        .where(withinWindow('email_changes'))
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The account's change waiting for its confirmation link, if any. */
    pendingOf(userId: string) {
      return (
        db
          .selectFrom('email_changes')
          .select(['new_email', 'created_at', 'expires_at'])
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          // Its link works only while the session that asked lives: one it no longer opens waits for nothing.
          .where(askedFromLiveSession)
          .orderBy('created_at', 'desc')
          .executeTakeFirst()
      );
    },
    /**
     * Ends the account's changes not yet confirmed (a password reset, 'sign out everywhere',
     * Settings' Cancel): their confirm links stop working, their cancel links still give the account
     * back once. Whether one was still waiting for its link (not expired): the owner is told then.
     */
    cancelPending(userId: string): Promise<boolean> {
      return withdrawPending(db, userId);
    },
    /**
     * Ends every change of the account asked for at or after `since`, confirmed or not, and every
     * withdrawn one's cancel link: after the owner cancelled one, no later change (and no link
     * mailed to a later address) counts, and the account is given back once.
     */
    async cancelSince(userId: string, since: Date): Promise<void> {
      await db
        .updateTable('email_changes')
        .set({ cancelled_at: sql`coalesce(cancelled_at, now())`, withdrawn_at: null })
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb.and([eb('created_at', '>=', since), eb('cancelled_at', 'is', null)]),
            eb('withdrawn_at', 'is not', null),
          ]),
        )
        .execute();
    },
    /** The account's changes of address still kept (a week: their cancel window), oldest first. */
    kept(userId: string) {
      return db
        .selectFrom('email_changes')
        .select(['old_email', 'new_email', 'created_at', 'confirmed_at', 'cancelled_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },
    /** Requests older than their cancel window (housekeeping). */
    async purge(): Promise<number> {
      const result = await db
        .deleteFrom('email_changes')
        .where(sql<boolean>`not ${withinWindow('email_changes')}`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
