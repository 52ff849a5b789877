import { type AuthSession, type AuthUser, DEFAULT_LANGUAGE } from '@omnia/contracts';
import type { RawBuilder } from 'kysely';
import { createRefreshSuccessor } from '../../crypto/refresh-successor';
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { parseUserAgent } from '../../http/user-agent';
import type { Logger } from '../../logger';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { createProfilesRepo } from '../profiles';
import { securityLog } from '../security';
import type { AccessTokens } from './access-tokens';
import { newDeviceEmail } from './notices';
import type { AccountsOptions } from './options';
import { createAccountsRepo, type UserRow } from './repo';
import { createSessionsRepo } from './sessions-repo';
import { createSignInRepo } from './sign-in-repo';

export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | null;
}

/** A signed-in result: the session for the app and the refresh token for the cookie. */
export interface SignIn {
  session: AuthSession;
  refreshToken: string;
  /** The session's id (named to the OAuth engine by the browser-session cookie). */
  sessionId: string;
}

/**
 * Told after sessions of a user ended (sign-out, reuse detection, a password reset), so what
 * hangs on them elsewhere ends too: the OAuth engine's sessions and interactions.
 */
export type SessionsEnded = (userId: string) => Promise<void>;

const USER_AGENT_MAX = 512;

export function toAuthUser(
  user: Pick<UserRow, 'id' | 'email' | 'email_confirmed_at' | 'created_at'>,
): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at ? new Date(user.email_confirmed_at).toISOString() : null,
    created_at: new Date(user.created_at).toISOString(),
  };
}

/**
 * Sessions: each is one refresh-token family. Refresh rotates the token; a rotated token presented
 * again within a short grace (a retry, racing tabs) gets the same successor back; after it, it is
 * treated as stolen and revokes the whole session.
 */
export function createSessions(deps: {
  db: Db;
  accessTokens: AccessTokens;
  options: AccountsOptions;
  logger: Logger;
  onSessionsEnded: SessionsEnded;
  /** For the links in the owner's notices. */
  publicUrl: string;
  /** Derives each refresh token's successor (crypto/refresh-successor.ts). */
  secretKey: string;
}) {
  const { db, accessTokens, options } = deps;
  const successorOf = createRefreshSuccessor(deps.secretKey);

  const sessionFor = async (
    user: Pick<UserRow, 'id' | 'email' | 'email_confirmed_at' | 'created_at'>,
    sessionId: string,
  ): Promise<AuthSession> => {
    const access = await accessTokens.issue({
      userId: user.id,
      sessionId,
      emailConfirmed: user.email_confirmed_at !== null,
    });
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      user: toAuthUser(user),
    };
  };

  const signedIn = async (
    user: UserRow,
    opened: { sessionId: string; refreshToken: string },
  ): Promise<SignIn> => ({
    session: await sessionFor(user, opened.sessionId),
    refreshToken: opened.refreshToken,
    sessionId: opened.sessionId,
  });

  return {
    /**
     * Opens a session inside the caller's transaction and logs the sign-in (SPEC §4: SIGNED_IN
     * inserts a session_logs row). Returns the session id and its first refresh token.
     */
    async open(
      trx: Db,
      userId: string,
      client: ClientInfo,
      /** How the person signed in (RFC 8176); a password alone by default. */
      amr: string[] = ['pwd'],
      /** More CTEs for the same statement (a login settles its lockout reservation with it). */
      alongside: readonly RawBuilder<unknown>[] = [],
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const userAgent = (client.userAgent ?? '').slice(0, USER_AGENT_MAX);
      const info = parseUserAgent(userAgent);
      const refreshToken = randomToken();
      // One statement: the session, its token, the sign-in log row and event, the device history.
      // The account deleted meanwhile (a sign-in racing 'Delete account'): no session, as for a
      // wrong password (and a reservation settled with it stays counted).
      const opened = await createSignInRepo(trx)
        .openSession(
          {
            userId,
            ttlSeconds: options.sessionTtlSeconds,
            info,
            ip: client.ip,
            userAgent,
            amr,
            refreshTokenHash: hashToken(refreshToken),
          },
          alongside,
        )
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? new AppError('invalid_credentials', { cause: err }) : err;
        });
      // A device the account has not signed in from before: its owner is told, by e-mail and in
      // the bell (not the first sign-in). Not while the address is unproven: whoever signed up with
      // someone's address would have Omnia mail that person at every sign-in.
      const user =
        opened.before && !opened.known ? await createAccountsRepo(trx).findUserById(userId) : undefined;
      if (user?.email_confirmed_at) {
        await notify(trx, userId, {
          kind: 'new_sign_in',
          data: {
            device: info.device,
            os: info.os,
            ...(info.browser ? { browser: info.browser } : {}),
            ...(client.ip ? { ip: client.ip } : {}),
          },
        });
        const lang = (await createProfilesRepo(trx).languageOf(userId)) ?? DEFAULT_LANGUAGE;
        await enqueueMail(
          trx,
          newDeviceEmail(user.email, info, client.ip, `${deps.publicUrl}/settings?tab=security`, lang),
        );
      }
      return { sessionId: opened.sessionId, refreshToken };
    },

    /** The app's session for a freshly opened one (after its transaction committed). */
    async signIn(userId: string, opened: { sessionId: string; refreshToken: string }): Promise<SignIn> {
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError('session_expired');
      return signedIn(user, opened);
    },

    /** The same, for a caller that has just read the user (password login). */
    signedIn,

    async refresh(
      refreshToken: string | undefined,
      client: { ip: string | null } = { ip: null },
    ): Promise<SignIn> {
      // No session at all (an anonymous visitor) is not an expired one.
      if (!refreshToken) throw new AppError('unauthenticated');
      // The same successor for a retry within the grace: the session never forks.
      const next = successorOf(refreshToken);
      // One conditional statement uses the token up and rotates, or revokes the session on reuse.
      const row = await createSignInRepo(db).refresh({
        tokenHash: hashToken(refreshToken),
        nextHash: hashToken(next),
        graceSeconds: options.refreshReuseGraceSeconds,
        ttlSeconds: options.sessionTtlSeconds,
      });
      if (!row?.live) throw new AppError('session_expired');
      if (!row.rotated) {
        // A rotated token came back after the grace: someone holds a copy. The session has ended.
        deps.logger.warn({ sessionId: row.session_id }, 'refresh token reuse: session revoked');
        // The person sees it where they look: a copied cookie is a reason to act.
        await securityLog.record(db, { userId: row.user_id, kind: 'session_copied', ip: client.ip });
        await deps.onSessionsEnded(row.user_id);
        throw new AppError('session_expired');
      }
      const user = {
        id: row.user_id,
        email: row.email,
        email_confirmed_at: row.email_confirmed_at,
        created_at: row.user_created_at,
      };
      return {
        session: await sessionFor(user, row.session_id),
        refreshToken: next,
        sessionId: row.session_id,
      };
    },

    /**
     * Ends the session the refresh token belongs to (any token of the family will do), unless it is
     * `keep` (a sign-in that replaced it); returns its id.
     */
    async close(refreshToken: string | undefined, keep?: string): Promise<string | undefined> {
      if (!refreshToken) return undefined;
      const row = await createSessionsRepo(db).sessionOfRefreshToken(hashToken(refreshToken));
      if (!row || row.session_id === keep) return undefined;
      await createSessionsRepo(db).revokeSession(row.session_id);
      await deps.onSessionsEnded(row.user_id);
      return row.session_id;
    },

    /** 'Confirm it's you' succeeded: the session's sign-in counts as fresh from now (with the factor used). */
    async markAuthenticated(sessionId: string, secondFactor?: string): Promise<boolean> {
      return createSessionsRepo(db).touchAuthenticated(sessionId, secondFactor, true);
    },

    /**
     * A new authenticator app's first code: fresh with a second factor from now, but no answer to
     * 'Confirm it's you' (the code proves the app just added, not the person).
     */
    async markSecondFactor(sessionId: string): Promise<boolean> {
      return createSessionsRepo(db).touchAuthenticated(sessionId, 'otp', false);
    },

    /** Sessions of a user ended elsewhere (password change or reset, sign-out from Settings). */
    ended: (userId: string) => deps.onSessionsEnded(userId),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
