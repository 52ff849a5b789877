import type { Db } from '../../db/connect';
import { createClientsRepo } from './repo';

/** An owner's account is being deleted (in its transaction): every app of theirs goes; their client_ids. */
export function deleteClientsOf(trx: Db, userId: string): Promise<string[]> {
  return createClientsRepo(trx).deleteAllOf(userId);
}
