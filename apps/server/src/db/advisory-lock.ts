import { sql } from 'kysely';
import type { Db } from './connect';

/** Fixed 64-bit keys, the same on every instance (migrations use 7_236_001, in migrate.ts). */
export const LOCK_KEYS = { maintenance: 7_236_002 } as const;

/**
 * Holds a transaction-level advisory lock on (`lockClass`, a hash of `key`) until `trx` ends: the
 * writers of one key (one account's failure count, say) on every instance take turns.
 */
export async function lockForTransaction(trx: Db, lockClass: number, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${lockClass}::int, hashtext(${key}))`.execute(trx);
}

/**
 * Runs `work` on one dedicated connection while holding a session-level advisory lock, or returns
 * `{ acquired: false }` at once when another instance (another session) holds it. The work gets that
 * connection: on the embedded database it is the only one, so it must not wait for another. The lock
 * is released when the work ends, or by the server if this process dies with its connection.
 */
export async function withTryAdvisoryLock<R>(
  db: Db,
  key: number,
  work: (conn: Db) => Promise<R>,
): Promise<{ acquired: true; result: R } | { acquired: false }> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return { acquired: false as const };
    try {
      return { acquired: true as const, result: await work(conn) };
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
