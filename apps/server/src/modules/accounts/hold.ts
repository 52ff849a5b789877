import type { Db } from '../../db/connect';
import { createAccountsRepo } from './repo';
import { createSessionsRepo } from './sessions-repo';

/**
 * For another module's transaction that writes rows pointing at an account (a transfer of an app):
 * holds the account first, so its deletion waits rather than deadlocking on those rows; false when
 * it is gone.
 */
export const holdAccount = (db: Db, userId: string): Promise<boolean> =>
  createAccountsRepo(db).holdUser(userId);

/**
 * For another module's transaction that adds a way in to the account (a passkey), asked from
 * `sessionId`: holds the account against a change of its password (a share lock: a reset or a
 * change, which writes the account first, waits for this transaction or is waited for), then
 * tells whether that session is still live. So a reset that ends every session either comes
 * after, and removes what this added, or before, and this finds its session ended.
 */
export async function holdForNewCredential(db: Db, userId: string, sessionId: string): Promise<boolean> {
  if (!(await createAccountsRepo(db).holdUser(userId, 'changes'))) return false;
  return createSessionsRepo(db).isLive(sessionId, userId);
}
