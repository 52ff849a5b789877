import type { Logger } from '../../src/logger';
import { createFailedSignInsWorker } from '../../src/modules/accounts/failed-sign-ins';
import { resolveAccountsOptions } from '../../src/modules/accounts/options';
import { createRateLimiter } from '../../src/modules/ratelimit';
import type { TestServer } from '../support/test-server';

/** The options of a server whose own failed sign-ins worker stays idle (one pass at start only). */
export const IDLE_QUEUES = { modules: { accounts: { queuePollMs: 3_600_000 } } };

/** A failed sign-ins worker of the test's own on the server's database, logging to `logger`. */
export function failedSignInsWorker(server: TestServer, logger: Logger) {
  const db = server.deps.dbHandle.db;
  return createFailedSignInsWorker({
    db,
    limiter: createRateLimiter(db),
    options: resolveAccountsOptions(),
    publicUrl: server.config.publicUrl,
    onMailQueued: () => {},
    pollMs: 3_600_000,
    logger,
  });
}
