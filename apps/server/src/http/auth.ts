import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';
import type { AppEnv } from './context';

/** Who is calling, as proven by a valid access token of a live session. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  /** Read from the database at request time, so a verification elsewhere counts at once. */
  emailConfirmed: boolean;
  /** When the person last proved who they are in this session (sign-in or 'Confirm it's you'). */
  authenticatedAt: Date;
  /**
   * How this session's person proved who they are (RFC 8176 values: 'pwd', 'otp', 'hwk', 'swk', and
   * 'mfa' when two factors were used), for the id_token's amr and acr.
   */
  amr: string[];
  /** When a second factor was last verified in this session; null if never. */
  secondFactorAt: Date | null;
  /** When the person last answered 'Confirm it's you' in this session (not at sign-in); null if never. */
  confirmedAt: Date | null;
}

export interface AccessVerifier {
  /** Resolves the caller from an `Authorization` header value; throws AppError('unauthenticated'). */
  authenticate(authorization: string | undefined): Promise<AuthContext>;
  /** A session named by the browser's signed session cookie, while it is live; else undefined. */
  ofSession(sessionId: string, userId: string): Promise<AuthContext | undefined>;
}

export interface AuthGuards {
  /** Requires `Authorization: Bearer <access token>` of a live session; sets `userId`. */
  user: MiddlewareHandler<AppEnv>;
  /** Like `user`, and the account's e-mail must be confirmed (else 403 email_not_confirmed). */
  verifiedUser: MiddlewareHandler<AppEnv>;
}

export function createAuthGuards(verifier: AccessVerifier): AuthGuards {
  return {
    user: async (c, next) => {
      const auth = await verifier.authenticate(c.req.header('authorization'));
      c.set('userId', auth.userId);
      c.set('sessionId', auth.sessionId);
      await next();
    },
    verifiedUser: async (c, next) => {
      const auth = await verifier.authenticate(c.req.header('authorization'));
      if (!auth.emailConfirmed) throw new AppError('email_not_confirmed');
      c.set('userId', auth.userId);
      c.set('sessionId', auth.sessionId);
      await next();
    },
  };
}
