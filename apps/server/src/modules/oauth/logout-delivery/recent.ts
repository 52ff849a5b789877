import type { LogoutDelivery } from '@omnia/contracts/developer';
import type { Db } from '../../../db/connect';
import { createDeliveriesRepo } from './deliveries-repo';

/** How many of an app's logout deliveries its page lists. */
const SHOWN = 20;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** An app's latest logout deliveries as its page shows them, newest first. */
export async function recentDeliveries(db: Db, clientId: string): Promise<LogoutDelivery[]> {
  const rows = await createDeliveriesRepo(db).recent(clientId, SHOWN);
  return rows.map((r) => ({
    at: new Date(r.created_at).toISOString(),
    reason: r.reason as LogoutDelivery['reason'],
    with_sid: r.sid !== null,
    state: r.delivered_at ? 'delivered' : r.failed_at ? 'failed' : 'retrying',
    attempts: r.attempts,
    delivered_at: iso(r.delivered_at),
    next_attempt_at: r.delivered_at || r.failed_at ? null : iso(r.next_attempt_at),
    last_status: r.last_status,
    last_error: r.last_error,
  }));
}
