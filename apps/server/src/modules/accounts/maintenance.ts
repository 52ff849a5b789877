import { LOCK_KEYS, withTryAdvisoryLock } from '../../db/advisory-lock';
import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { rollUpUsage } from '../developer/stats';
import { createOutboxRepo } from '../mail/repo';
import { purgeExpiredModels } from '../oauth/model-store';
import { createRateLimiter } from '../ratelimit/limiter';
import { createSecurityEventsRepo } from '../security/repo';
import { createAccountsRepo } from './repo';
import { createSessionsRepo } from './sessions-repo';

const DEFAULT_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How long each history is kept (docs/operations.md, Housekeeping and retention). Everything else the purge steps
 * delete is gone once it has expired or been used.
 */
export const RETENTION = {
  /** Delivered mail: a day (the longest link lifetime), then deleted with the links it carried. */
  mailSeconds: 24 * 3600,
  /** Settings' recent sign-ins and security activity: 90 days, like most identity providers' logs. */
  sessionLogDays: 90,
  securityEventDays: 90,
  /**
   * Rotated refresh tokens: as long as a session can last unused (30 days), so reuse of a stolen
   * copy is detected (and revokes the session) for that long; afterwards it is refused as unknown.
   */
  rotatedRefreshTokenDays: 30,
  /**
   * Raw OAuth usage events: 31 days, one more than the statistics' longest window; older events
   * are rolled up into all-time counts per client and action, so the total stays exact.
   */
  usageEventDays: 31,
} as const;

/** One purge: deletes what has expired and says how many rows went. */
export type PurgeStep = (db: Db) => Promise<number>;

export const PURGE_STEPS: Record<string, PurgeStep> = {
  rate_limits: (db) => createRateLimiter(db).purgeExpired(),
  email_tokens: (db) => createAccountsRepo(db).purgeEmailTokens(),
  sessions: (db) => createSessionsRepo(db).purgeEndedSessions(),
  refresh_tokens: (db) => createSessionsRepo(db).purgeRotatedRefreshTokens(RETENTION.rotatedRefreshTokenDays),
  session_logs: (db) => createSessionsRepo(db).purgeSessionLogs(RETENTION.sessionLogDays),
  security_events: (db) => createSecurityEventsRepo(db).purgeOlderThan(RETENTION.securityEventDays),
  mail_outbox: (db) => createOutboxRepo(db).purgeDelivered(RETENTION.mailSeconds),
  oidc_models: (db) => purgeExpiredModels(db),
  oauth2_usage_stats: (db) => rollUpUsage(db, RETENTION.usageEventDays),
};

export type MaintenanceRound =
  | { ran: true; purged: Record<string, number> }
  | { ran: false; reason: 'locked' | 'failed' };

/**
 * Periodic clean-up: finished rate-limit windows, spent links, ended sessions, long-rotated refresh
 * tokens, old sign-in logs and security events, old delivered mail, the OAuth engine's expired
 * codes, tokens, sessions and grants, and old usage events (rolled up into all-time counts). Every
 * instance has the timer, but a round runs under a PostgreSQL advisory lock: while one instance
 * purges, the others skip.
 */
export function createAccountsMaintenance(deps: {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  steps?: Record<string, PurgeStep>;
}) {
  const steps = deps.steps ?? PURGE_STEPS;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<MaintenanceRound> | undefined;
  const runRound = async (): Promise<MaintenanceRound> => {
    try {
      const round = await withTryAdvisoryLock(deps.db, LOCK_KEYS.maintenance, async (conn) => {
        const purged: Record<string, number> = {};
        for (const [name, step] of Object.entries(steps)) purged[name] = await step(conn);
        return purged;
      });
      if (!round.acquired) {
        deps.logger.debug('maintenance skipped: another instance holds the lock');
        return { ran: false, reason: 'locked' };
      }
      deps.logger.info({ purged: round.result }, 'maintenance done');
      return { ran: true, purged: round.result };
    } catch (err) {
      deps.logger.warn({ err }, 'maintenance failed; will retry');
      return { ran: false, reason: 'failed' };
    }
  };
  const runOnce = () => {
    const run = runRound();
    current = run;
    return run;
  };
  return {
    runOnce,
    start() {
      timer ??= setInterval(() => void runOnce(), deps.intervalMs ?? DEFAULT_INTERVAL_MS);
      timer.unref();
    },
    /** Stops the timer and waits for a round in progress. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
  };
}
