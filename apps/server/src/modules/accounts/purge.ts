import type { PurgeSteps } from '../contract';
import { securityLog } from '../security';
import { createEmailChangeRepo } from './email-change-repo';
import { createFailedSignInsRepo } from './failed-sign-ins-repo';
import { createLinkRequestsRepo } from './link-requests-repo';
import { createAccountsRepo } from './repo';
import { createSessionsRepo } from './sessions-repo';
import { createTwoStepRepo } from './two-step-repo';

/** How long the accounts' histories are kept (docs/operations.md, Housekeeping and retention). */
export const ACCOUNTS_RETENTION = {
  /** Settings' recent sign-ins: 90 days, like most identity providers' logs. */
  sessionLogDays: 90,
  /**
   * Rotated refresh tokens: as long as a session can last unused (30 days), so reuse of a stolen
   * copy is detected (and revokes the session) for that long; afterwards it is refused as unknown.
   */
  rotatedRefreshTokenDays: 30,
} as const;

/** Spent and expired links, ended sessions, long-rotated refresh tokens, old sign-in logs. */
export const ACCOUNTS_PURGE_STEPS: PurgeSteps = {
  email_tokens: (db) => createAccountsRepo(db).purgeEmailTokens(),
  link_requests: (db) => createLinkRequestsRepo(db).purge(),
  failed_sign_ins: (db) => createFailedSignInsRepo(db).purge(),
  // A right password whose second step never came: the owner reads that someone knew it.
  two_step_challenges: (db) =>
    db.transaction().execute(async (trx) => {
      const { deleted, abandoned } = await createTwoStepRepo(trx).purge();
      for (const { userId, ip, count } of abandoned)
        await securityLog.record(trx, { userId, kind: 'second_step_abandoned', detail: { count }, ip });
      return deleted;
    }),
  email_changes: (db) => createEmailChangeRepo(db).purge(),
  sessions: (db) => createSessionsRepo(db).purgeEndedSessions(),
  refresh_tokens: (db) =>
    createSessionsRepo(db).purgeRotatedRefreshTokens(ACCOUNTS_RETENTION.rotatedRefreshTokenDays),
  session_logs: (db) => createSessionsRepo(db).purgeSessionLogs(ACCOUNTS_RETENTION.sessionLogDays),
};
