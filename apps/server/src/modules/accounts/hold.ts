import type { Db } from '../../db/connect';
import { createAccountsRepo } from './repo';

/**
 * For another module's transaction that writes rows pointing at an account (a transfer of an app):
 * holds the account first, so its deletion waits rather than deadlocking on those rows; false when
 * it is gone.
 */
export const holdAccount = (db: Db, userId: string): Promise<boolean> =>
  createAccountsRepo(db).holdUser(userId);
