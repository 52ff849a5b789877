import { LOCK_KEYS, withTryAdvisoryLock } from './db/advisory-lock';
import type { Db } from './db/connect';
import type { Logger } from './logger';
import { ACCOUNTS_PURGE_STEPS, ACCOUNTS_RETENTION } from './modules/accounts';
import { CLIENTS_PURGE_STEPS, CLIENTS_RETENTION } from './modules/clients';
import type { PurgeSteps } from './modules/contract';
import { DEVELOPER_PURGE_STEPS } from './modules/developer';
import { FACTORS_PURGE_STEPS } from './modules/factors';
import { MAIL_PURGE_STEPS, MAIL_RETENTION } from './modules/mail';
import { NOTIFICATIONS_PURGE_STEPS, NOTIFICATIONS_RETENTION } from './modules/notifications';
import { OAUTH_PURGE_STEPS } from './modules/oauth';
import { RATE_LIMIT_PURGE_STEPS } from './modules/ratelimit';
import { SECURITY_PURGE_STEPS, SECURITY_RETENTION } from './modules/security';
import { WEBHOOKS_PURGE_STEPS } from './modules/webhooks';

const DEFAULT_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How long each history is kept (docs/operations.md, Housekeeping and retention), as each module
 * declares it. Everything else the purge steps delete is gone once it has expired or been used.
 */
export const RETENTION = {
  ...MAIL_RETENTION,
  ...ACCOUNTS_RETENTION,
  ...SECURITY_RETENTION,
  ...NOTIFICATIONS_RETENTION,
  ...CLIENTS_RETENTION,
} as const;

/** Every module's purge steps, in the order a round runs them. */
export const PURGE_STEPS: PurgeSteps = {
  ...RATE_LIMIT_PURGE_STEPS,
  ...ACCOUNTS_PURGE_STEPS,
  ...SECURITY_PURGE_STEPS,
  ...NOTIFICATIONS_PURGE_STEPS,
  ...MAIL_PURGE_STEPS,
  ...OAUTH_PURGE_STEPS,
  ...CLIENTS_PURGE_STEPS,
  ...FACTORS_PURGE_STEPS,
  ...WEBHOOKS_PURGE_STEPS,
  ...DEVELOPER_PURGE_STEPS,
};

export type MaintenanceRound =
  | { ran: true; purged: Record<string, number> }
  | { ran: false; reason: 'locked' | 'failed' };

/**
 * Periodic clean-up: finished rate-limit windows, spent links, ended sessions, long-rotated refresh
 * tokens, old sign-in logs, security events and notices, old delivered mail, the OAuth engine's expired
 * codes, tokens, sessions and grants, and old usage events (rolled up into all-time counts). Every
 * instance has the timer, but a round runs under a PostgreSQL advisory lock: while one instance
 * purges, the others skip.
 */
export function createHousekeeping(deps: {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  steps?: PurgeSteps;
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
export type { PurgeStep } from './modules/contract';
