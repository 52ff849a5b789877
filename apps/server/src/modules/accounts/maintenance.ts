import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { createOutboxRepo } from '../mail/repo';
import { purgeExpiredModels } from '../oauth/model-store';
import { createRateLimiter } from '../ratelimit/limiter';
import { createAccountsRepo } from './repo';
import { createSessionsRepo } from './sessions-repo';

const DEFAULT_INTERVAL_MS = 10 * 60 * 1000;
/** Delivered mail is kept a day (the longest link lifetime), then deleted with the links it carried. */
const MAIL_RETENTION_SECONDS = 24 * 3600;

/**
 * Periodic clean-up: finished rate-limit windows, spent links, ended sessions, old delivered mail,
 * and the OAuth engine's expired codes, tokens, sessions and grants.
 */
export function createAccountsMaintenance(deps: { db: Db; logger: Logger; intervalMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  const runOnce = async () => {
    try {
      await createRateLimiter(deps.db).purgeExpired();
      await createAccountsRepo(deps.db).purgeEmailTokens();
      await createSessionsRepo(deps.db).purgeEndedSessions();
      await createOutboxRepo(deps.db).purgeDelivered(MAIL_RETENTION_SECONDS);
      await purgeExpiredModels(deps.db);
    } catch (err) {
      deps.logger.warn({ err }, 'accounts maintenance failed; will retry');
    }
  };
  return {
    runOnce,
    start() {
      timer ??= setInterval(runOnce, deps.intervalMs ?? DEFAULT_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
