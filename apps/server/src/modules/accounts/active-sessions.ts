import type { SessionLogsResponse } from '@omnia/contracts';
import type { ActiveSessionsResponse } from '@omnia/contracts/security';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { securityLog } from '../security';
import { createEmailChangeRepo } from './email-change-repo';
import { createAccountsRepo } from './repo';
import type { SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { createTwoStepRepo } from './two-step-repo';

const SESSION_LOGS_LIMIT = 20;

type ActiveSession = ActiveSessionsResponse['sessions'][number];

/**
 * Settings' view of the caller's sessions: the live ones, signing one (or all the others) out, and
 * the recent sign-ins. A signed out session's refresh token and access tokens stop working at once
 * (the verifier checks it); the sign-out and its security event are one transaction.
 */
export function createActiveSessions(deps: { db: Db; onSessionsEnded: SessionsEnded }) {
  const { db } = deps;
  return {
    /** The live sessions, the caller's own first. */
    async list(userId: string, currentSessionId: string): Promise<ActiveSessionsResponse> {
      const rows = await createSessionsRepo(db).listActiveSessions(userId);
      return {
        sessions: rows
          .map((r) => ({
            id: r.id,
            device: (r.device ?? 'Unknown') as ActiveSession['device'],
            os: (r.os ?? 'Unknown') as ActiveSession['os'],
            browser: r.browser,
            ip: r.ip,
            created_at: new Date(r.created_at).toISOString(),
            last_active_at: new Date(r.last_active_at).toISOString(),
            current: r.id === currentSessionId,
          }))
          .sort((a, b) => Number(b.current) - Number(a.current)),
      };
    },

    /**
     * Signs out every session but the caller's, and every half-signed-in state (a password with its
     * second step to come); returns how many sessions ended. A change of address not yet confirmed
     * ends too (it may have been asked for in one of them), and says so in the activity.
     */
    async signOutOthers(userId: string, keepSessionId: string, ip: string | null): Promise<number> {
      const signedOut = await db.transaction().execute(async (trx) => {
        // The account first, as a change or reset of the password takes it: they queue.
        await createAccountsRepo(trx).lockForPasswordChange(userId);
        // Someone stopped at the second step with the password is signed out too.
        await createTwoStepRepo(trx).endAll(userId);
        if (await createEmailChangeRepo(trx).cancelPending(userId))
          await securityLog.record(trx, { userId, kind: 'email_change_withdrawn', ip });
        const count = await createSessionsRepo(trx).revokeUserSessions(userId, keepSessionId);
        if (count > 0)
          await securityLog.record(trx, {
            userId,
            kind: 'other_sessions_signed_out',
            detail: { count },
            ip,
          });
        return count;
      });
      if (signedOut > 0) await deps.onSessionsEnded(userId);
      return signedOut;
    },

    /** Signs out one of the caller's live sessions; not_found for anyone else's or an ended one. */
    async signOut(userId: string, sessionId: string, ip: string | null): Promise<void> {
      if (!isUuid(sessionId)) throw new AppError('not_found');
      const ended = await db.transaction().execute(async (trx) => {
        if (!(await createSessionsRepo(trx).revokeOwnSession(userId, sessionId))) return false;
        await securityLog.record(trx, { userId, kind: 'session_signed_out', ip });
        return true;
      });
      if (!ended) throw new AppError('not_found');
      await deps.onSessionsEnded(userId);
    },

    /** The recent sign-ins, newest first. */
    async recentSignIns(userId: string): Promise<SessionLogsResponse> {
      return { logs: await createSessionsRepo(db).listSessionLogs(userId, SESSION_LOGS_LIMIT) };
    },
  };
}
export type ActiveSessions = ReturnType<typeof createActiveSessions>;
