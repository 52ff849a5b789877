import { type RawBuilder, sql } from 'kysely';
import type { Db } from './connect';

/** Rows per purge statement: each stays short (no statement timeout, no long row locks). */
export const PURGE_BATCH_SIZE = 5000;

/**
 * Deletes the rows of `table` that match `where`, at most `batchSize` per statement, until none is
 * left (the first round after an upgrade may have a backlog); returns how many went.
 */
export async function deleteInBatches(
  db: Db,
  table: string,
  where: RawBuilder<boolean>,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)}
      where ctid = any(array(select ctid from ${sql.table(table)} where ${where} limit ${batchSize}))
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
