import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import type { ModuleParts } from '../contract';
import { createClientsService } from './service';
import { createUsageLog } from './usage';

/**
 * The clients module: oauth2_clients and their usage events (oauth2_usage_stats, rolled up into
 * oauth2_usage_totals). The Developer Program, the operator and the OAuth engine use them here.
 */
export function createClientsModule(deps: { db: Db; logger: Logger }) {
  const usage = createUsageLog(deps.db, deps.logger);
  const clients = createClientsService({ db: deps.db, flushUsage: usage.flush });
  const parts: ModuleParts = { background: [usage] };
  return { ...parts, clients, recordUsage: usage.record };
}
