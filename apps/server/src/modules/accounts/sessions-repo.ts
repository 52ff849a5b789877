import type { SessionLog } from '@omnia/contracts';
import { sql } from 'kysely';
import { deleteInBatches } from '../../db/batch-delete';
import type { Db } from '../../db/connect';
import type { DeviceInfo } from './user-agent';

export interface RefreshTokenRow {
  session_id: string;
  user_id: string;
  /** The session's user, read in the same statement (the refreshed session needs it). */
  email: string;
  email_confirmed_at: Date | null;
  user_created_at: Date;
  used_at: Date | null;
  /** Whether the session is still live (not revoked, not expired), by the database clock. */
  live: boolean;
  /** Whether it was used within the last `graceSeconds` (null if unused). */
  in_grace: boolean | null;
}

/** Sessions (refresh-token families), their tokens and the sign-in log. Takes a Db or a transaction. */
export function createSessionsRepo(db: Db) {
  return {
    async insertSession(
      userId: string,
      ttlSeconds: number,
      where: { info: DeviceInfo; ip: string | null; amr?: string[] } = {
        info: { device: 'Unknown', os: 'Unknown', browser: null },
        ip: null,
      },
    ): Promise<string> {
      const row = await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          expires_at: sql`now() + (${ttlSeconds}::int * interval '1 second')`,
          device: where.info.device,
          os: where.info.os,
          browser: where.info.browser,
          ip: where.ip,
          amr: where.amr ?? ['pwd'],
          // Two factors at sign-in count as a verified second factor for step-up.
          second_factor_at: where.amr?.includes('mfa') ? sql`now()` : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A refresh: the session's next token and its new expiry, in one statement. */
    async rotateRefreshToken(sessionId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
      await sql`
        with extended as (
          update sessions
          set expires_at = now() + (${ttlSeconds}::int * interval '1 second'), last_active_at = now()
          where id = ${sessionId}
        )
        insert into refresh_tokens (session_id, token_hash) values (${sessionId}, ${tokenHash})
      `.execute(db);
    },
    async insertRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ session_id: sessionId, token_hash: tokenHash })
        .execute();
    },
    findRefreshToken(tokenHash: string, graceSeconds: number): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'refresh_tokens.session_id',
          'sessions.user_id',
          'users.email',
          'users.email_confirmed_at',
          'users.created_at as user_created_at',
          'refresh_tokens.used_at',
          sql<boolean>`sessions.revoked_at is null and sessions.expires_at > now()`.as('live'),
          sql<
            boolean | null
          >`refresh_tokens.used_at > now() - (${graceSeconds}::int * interval '1 second')`.as('in_grace'),
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks the token used; false if another request used it first. */
    async markRefreshTokenUsed(tokenHash: string): Promise<boolean> {
      const row = await db
        .updateTable('refresh_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Marks a live session's sign-in fresh (re-authentication); false when it has ended. */
    /**
     * 'Confirm it's you' succeeded: fresh from now; with a second factor, the session's methods
     * gain it (and 'mfa') and its second-factor time is now.
     */
    async touchAuthenticated(sessionId: string, secondFactor?: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set(
          secondFactor
            ? {
                authenticated_at: sql`now()`,
                second_factor_at: sql`now()`,
                amr: sql`(select array_agg(distinct m order by m) from unnest(amr || ${sql.val([secondFactor, 'mfa'])}::text[]) m)`,
              }
            : { authenticated_at: sql`now()` },
        )
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Revokes every session of the user except `keep` (if given); returns how many ended. */
    async revokeUserSessions(userId: string, keep?: string): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) query = query.where('id', '!=', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
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
    /** Deletes sign-in log rows older than `retentionDays`. */
    purgeSessionLogs(retentionDays: number): Promise<number> {
      return deleteInBatches(
        db,
        'session_logs',
        sql<boolean>`created_at < now() - (${retentionDays}::int * interval '1 day')`,
      );
    },
    /**
     * Whether the account has signed in before, and from this device: the same browser and system
     * from the same network (IPv4 /16, IPv6 /48), so a new address at home is not a new device.
     */
    async deviceHistory(userId: string, info: DeviceInfo, ip: string | null) {
      const row = await db
        .selectFrom('session_logs')
        .select([
          sql<boolean>`true`.as('any'),
          sql<boolean>`coalesce(bool_or(
            os = ${info.os} and browser is not distinct from ${info.browser}
            and (${ip}::inet is null and ip is null or
              (ip is not null and ${ip}::inet is not null and family(ip::inet) = family(${ip}::inet)
                and set_masklen(ip::inet, case family(ip::inet) when 4 then 16 else 48 end)
                  >>= ${ip}::inet))
          ), false)`.as('known'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const count = await db
        .selectFrom('session_logs')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { before: Number(count.n) > 0, known: row?.known === true };
    },
    async insertSessionLog(row: { userId: string; info: DeviceInfo; userAgent: string; ip: string | null }) {
      await db
        .insertInto('session_logs')
        .values({
          user_id: row.userId,
          device: row.info.device,
          os: row.info.os,
          browser: row.info.browser,
          user_agent: row.userAgent,
          ip: row.ip,
        })
        .execute();
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
