import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * Holds apps until the transaction ends (a key-share lock on their rows): a deletion of one waits
 * for the transaction, or has already happened and that app is left out. Returns the client_ids
 * still there; with `rejected: false`, only those the operator has not rejected (a rejected app is
 * told nothing more of the people who used it). Writers of rows that point at an app (a webhook
 * event, a revocation) hold it first, the order an app's deletion takes: its row, then what points
 * at it.
 */
export async function holdApps(
  trx: Db,
  clientIds: readonly string[],
  { rejected = true }: { rejected?: boolean } = {},
): Promise<string[]> {
  if (clientIds.length === 0) return [];
  const { rows } = await sql<{ client_id: string; status: string }>`
    select client_id, status from oauth2_clients
     where client_id = any(${[...clientIds]}::text[])
     order by client_id
       for key share`.execute(trx);
  return rows.filter((r) => rejected || r.status !== 'rejected').map((r) => r.client_id);
}
