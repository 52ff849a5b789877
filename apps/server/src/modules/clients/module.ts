import type { Db } from '../../db/connect';
import type { Listen } from '../../db/listen';
import type { Logger } from '../../logger';
import type { BackgroundTask, ModuleParts } from '../contract';
import { createClientCache } from './cache';
import { createClientErrors } from './errors-repo';
import { createClientMembers, type People } from './members';
import { createClientsService } from './service';
import { createUsageLog } from './usage';

/**
 * The clients module: oauth2_clients, their usage events (oauth2_usage_stats, rolled up into
 * oauth2_usage_totals) and their recent refusals (oauth2_client_errors). The Developer Program, the operator and the OAuth engine use them here;
 * the engine's look-ups go through a per-process cache that every change empties (cache.ts).
 */
export function createClientsModule(deps: {
  db: Db;
  logger: Logger;
  listen: Listen;
  /** Public names of accounts, to add members by username (the profiles module). */
  people: People;
  /** In a transfer's transaction: what acted for the former owner ends (a tool's registration). */
  onTransferred: (trx: Db, clientId: string) => Promise<unknown>;
}) {
  const usage = createUsageLog(deps.db, deps.logger);
  const clientCache = createClientCache(deps.listen);
  const errors = createClientErrors(deps.db, deps.logger);
  const clients = createClientsService({
    db: deps.db,
    flushUsage: usage.flush,
    changed: clientCache.forget,
    recentErrors: errors.recent,
    hold: deps.people.hold,
  });
  const members = createClientMembers({
    db: deps.db,
    people: deps.people,
    changed: clientCache.forget,
    transferred: deps.onTransferred,
  });
  const listening: BackgroundTask = {
    start: () =>
      void clientCache
        .start()
        .catch((err: unknown) => deps.logger.error({ err }, 'client cache: cannot listen')),
    stop: () => clientCache.stop(),
  };
  const parts: ModuleParts = { background: [usage, listening] };
  return {
    ...parts,
    clients,
    members,
    clientCache,
    recordUsage: usage.record,
    recordClientError: errors.record,
  };
}
