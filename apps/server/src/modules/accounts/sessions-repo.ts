import type { SessionLog } from '@omnia/contracts';
import { sql } from 'kysely';
import { deleteInBatches } from '../../db/batch-delete';
import type { Db } from '../../db/connect';

/**
 * Sessions (refresh-token families), their tokens and the sign-in log; opening and refreshing a
 * session are in sign-in-repo.ts. Takes a Db or a transaction.
 */
export function createSessionsRepo(db: Db) {
  /** The user's session unless signed out. */
  const notSignedOut = (sessionId: string, userId: string) =>
    db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
  return {
    /** The session (and its user) a refresh token belongs to, any token of the family, used or not. */
    sessionOfRefreshToken(tokenHash: string): Promise<{ session_id: string; user_id: string } | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select(['refresh_tokens.session_id', 'sessions.user_id'])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /**
     * 'Confirm it's you' succeeded: fresh from now; with a second factor, the session's methods
     * gain it (and 'mfa') and its second-factor time is now. With the password alone, the methods
     * are the password's: an id_token pairs them with this sign-in's auth_time, and a passkey used
     * earlier proves nothing about who typed the password now. `confirmed`: an answer to 'Confirm
     * it's you' (what adding a factor asks for), not a new factor's first code.
     */
    async touchAuthenticated(
      sessionId: string,
      secondFactor: string | undefined,
      confirmed: boolean,
    ): Promise<boolean> {
      const confirmedAt = confirmed ? { confirmed_at: sql<Date>`now()` } : {};
      const result = await db
        .updateTable('sessions')
        .set(
          secondFactor
            ? {
                ...confirmedAt,
                authenticated_at: sql`now()`,
                second_factor_at: sql`now()`,
                amr: sql`(select array_agg(distinct m order by m) from unnest(amr || ${sql.val([secondFactor, 'mfa'])}::text[]) m)`,
              }
            : { ...confirmedAt, authenticated_at: sql`now()`, amr: ['pwd'] },
        )
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** A session still live (not revoked, not expired) of this user, with what its user has confirmed. */
    liveSession(sessionId: string, userId: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.email_confirmed_at',
          'sessions.authenticated_at',
          'sessions.amr',
          'sessions.second_factor_at',
          'sessions.confirmed_at',
        ])
        .where('sessions.id', '=', sessionId)
        .where('sessions.user_id', '=', userId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },
    /**
     * Holds the user's live session for the transaction (a share lock): a sign-out writing it
     * meanwhile is waited for, one committed before finds nothing; false when it is not live.
     */
    async holdLive(sessionId: string, userId: string): Promise<boolean> {
      const row = await notSignedOut(sessionId, userId)
        .where('expires_at', '>', sql<Date>`now()`)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Whether the user's session is live (not signed out), as of this statement. */
    async isLive(sessionId: string, userId: string): Promise<boolean> {
      return (await notSignedOut(sessionId, userId).executeTakeFirst()) !== undefined;
    },
    /** When a session was opened (its sign-in), or null when it is gone. */
    async openedAt(sessionId: string): Promise<Date | null> {
      const row = await db
        .selectFrom('sessions')
        .select('created_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? new Date(row.created_at) : null;
    },
    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /**
     * Revokes every session of the user except `keep` (if given); returns how many of them were
     * live (an expired one is marked too, but it was not signed in: the toast and the activity
     * count what the person saw in the list).
     */
    async revokeUserSessions(userId: string, keep?: string): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) query = query.where('id', '!=', keep);
      const rows = await query.returning(sql<boolean>`expires_at > now()`.as('live')).execute();
      return rows.filter((row) => row.live).length;
    },
    /** Revokes one of the user's live sessions; false when it is not theirs or already ended. */
    async revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The user's live sessions, most recently active first. */
    listActiveSessions(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'device', 'os', 'browser', 'ip', 'created_at', 'last_active_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('last_active_at', 'desc')
        .execute();
    },
    async purgeEndedSessions(): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<', sql<Date>`now()`),
            eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /**
     * Deletes refresh tokens rotated away more than `retentionDays` ago. Until then a rotated token
     * presented again is recognised as reuse and revokes its session; after that it is just unknown
     * (refused all the same).
     */
    purgeRotatedRefreshTokens(retentionDays: number): Promise<number> {
      return deleteInBatches(
        db,
        'refresh_tokens',
        sql<boolean>`used_at < now() - (${retentionDays}::int * interval '1 day')`,
      );
    },
    /** Deletes the account's sign-in log (a sign-up taking over an unverified account). */
    async forgetSignIns(userId: string): Promise<void> {
      await db.deleteFrom('session_logs').where('user_id', '=', userId).execute();
    },
    /** Deletes sign-in log rows older than `retentionDays`. */
    purgeSessionLogs(retentionDays: number): Promise<number> {
      return deleteInBatches(
        db,
        'session_logs',
        sql<boolean>`created_at < now() - (${retentionDays}::int * interval '1 day')`,
      );
    },
    async listSessionLogs(userId: string, limit: number): Promise<SessionLog[]> {
      const rows = await db
        .selectFrom('session_logs')
        .select(['id', 'device', 'os', 'browser', 'user_agent', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
    },
  };
}
