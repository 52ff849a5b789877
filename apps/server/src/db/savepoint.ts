import { sql } from 'kysely';
import type { Db } from './connect';

/**
 * Runs `work` inside a savepoint of the caller's transaction: a failure rolls back only what
 * `work` did, and is returned instead of thrown, so the transaction goes on. `work`'s result, or
 * the error.
 */
export async function inSavepoint<T>(
  trx: Db,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  await sql`savepoint omnia_step`.execute(trx);
  try {
    const value = await work();
    await sql`release savepoint omnia_step`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    try {
      await sql`rollback to savepoint omnia_step`.execute(trx);
    } catch (rollbackError) {
      // The transaction is gone (a lost connection): say so, with what failed first.
      throw new Error('rollback to savepoint failed', { cause: { first: error, rollback: rollbackError } });
    }
    return { ok: false, error };
  }
}
