import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/connect';
import { createWriteBatch, type WriteBatch } from '../../../db/write-batch';
import { rowKey } from './request-rows';
import { UPSERT_MANY } from './statements';

/** One engine row as written: model, stored id, payload (JSON), grant, uid, account, client, expiry, Omnia session. */
export type UpsertParams = [
  model: string,
  id: string,
  payload: string,
  grantId: string | null,
  uid: string | null,
  accountId: string | null,
  clientId: string | null,
  expiresAt: Date | null,
  omniaSessionId: string | null,
];

/*
 * The engine's plain writes (a token, a session, a grant, an interaction) of concurrent requests
 * share a statement under load, as its reads do (reads.ts, db/write-batch.ts): one runs at a time
 * per process, and the writes asked meanwhile are one multi-row upsert with one commit. Each
 * request is answered only after its row is committed. oidc_models has no foreign keys, so one
 * request's row cannot fail another's; a row written twice waits for the next statement.
 */
const WRITES_IN_FLIGHT = 1;
const WRITE_BATCH = 64;

export type ModelWrites = WriteBatch<UpsertParams>;

export function createModelWrites(db: Db): ModelWrites {
  return createWriteBatch<UpsertParams>({
    maxInFlight: WRITES_IN_FLIGHT,
    maxBatch: WRITE_BATCH,
    keyOf: ([model, id]) => rowKey(model, id),
    async write(rows) {
      await db.executeQuery(CompiledQuery.raw(UPSERT_MANY, upsertColumns(rows)));
      return undefined;
    },
  });
}

const UPSERT_PARAMS = 9;

/** Rows as UPSERT_MANY and CONSUME_AND_UPSERT take them: each position of UpsertParams as one array (none: empty arrays). */
export function upsertColumns(rows: readonly UpsertParams[]): (string | null)[][] {
  return Array.from({ length: UPSERT_PARAMS }, (_, i) =>
    rows.map((row) => {
      const value = row[i];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    }),
  );
}
