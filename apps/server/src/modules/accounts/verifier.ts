import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { AccessVerifier, AuthContext } from '../../http/auth';
import type { AccessTokens } from './access-tokens';
import { createSessionsRepo } from './sessions-repo';

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i;

/**
 * Checks the JWT, then that its session is still live (logout, a password reset or reuse detection
 * revoke sessions at once, not when the token expires) and reads the current confirmation state.
 */
export function createAccessVerifier(db: Db, tokens: AccessTokens): AccessVerifier {
  const ofSession = async (sessionId: string, userId: string): Promise<AuthContext | undefined> => {
    const row = await createSessionsRepo(db).liveSession(sessionId, userId);
    if (!row) return undefined;
    return {
      userId,
      sessionId,
      emailConfirmed: row.email_confirmed_at !== null,
      authenticatedAt: new Date(row.authenticated_at),
      amr: row.amr,
      secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
      confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
    };
  };
  return {
    async authenticate(authorization): Promise<AuthContext> {
      const match = authorization ? BEARER.exec(authorization.trim()) : null;
      if (!match?.[1]) throw new AppError('unauthenticated');
      const claims = await tokens.verify(match[1]);
      if (!claims) throw new AppError('unauthenticated');
      const context = await ofSession(claims.sessionId, claims.userId);
      if (!context) throw new AppError('unauthenticated');
      return context;
    },
    ofSession,
  };
}
