import type { Db } from '../../db/connect';
import { createClientsRepo } from './repo';
import { forgetUsageUser } from './usage-repo';

/**
 * An account is being deleted (in its transaction): every app of theirs goes, and other apps'
 * usage events no longer name them (they still count as events); their apps' client_ids.
 */
export async function deleteClientsOf(trx: Db, userId: string): Promise<string[]> {
  await forgetUsageUser(trx, userId);
  return createClientsRepo(trx).deleteAllOf(userId);
}
