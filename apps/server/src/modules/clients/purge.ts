import type { PurgeSteps } from '../contract';
import { purgeClientErrors } from './errors-repo';
import { createClientsRepo } from './repo';
import { rollUpUsage } from './usage-repo';

export const CLIENTS_RETENTION = {
  /**
   * Raw OAuth usage events: 31 days, one more than the statistics' longest window; older events
   * are rolled up into all-time counts per client and action, so the total stays exact.
   */
  usageEventDays: 31,
} as const;

export const CLIENTS_PURGE_STEPS: PurgeSteps = {
  // A previous secret whose grace period ended is refused already; its sealed copy goes too.
  oauth2_clients: (db) => createClientsRepo(db).clearEndedPreviousSecrets(),
  oauth2_usage_stats: (db) => rollUpUsage(db, CLIENTS_RETENTION.usageEventDays),
  oauth2_client_errors: purgeClientErrors,
};
