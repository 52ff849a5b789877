import { CompiledQuery } from 'kysely';
import { errors } from 'oidc-provider';
import type { Db } from '../../../db/connect';
import { createWriteBatch } from '../../../db/write-batch';
import { rowKey } from './request-rows';
import { CONSUME_AND_UPSERT, REVOKE_FAMILY } from './statements';
import type { RequestRows } from './types';
import { type UpsertParams, upsertColumns } from './writes';

/**
 * A code exchange consumes the code, then writes the access token and the refresh token; a
 * rotation consumes the refresh token, then writes the new one and the access token. Inside an
 * engine request the consumption and those token writes are held, and go out together as one
 * conditional statement (CONSUME_AND_UPSERT) when the engine has finished the request and before
 * it answers (`settle`, called by provider.ts): the tokens are written only if that statement
 * consumed the presented one. Single use stays one conditional statement, a request that loses the
 * race issues nothing, and no token is handed out before it is stored.
 *
 * Under load the consumptions of concurrent requests of one process share that statement, as the
 * plain writes do (writes.ts, db/write-batch.ts): one runs at a time, the ones settled meanwhile
 * leave together, each answered after the commit with whether it won. Two requests presenting the
 * same code or refresh token never share one (the later waits for the next), and a statement that
 * fails runs again once per request.
 *
 * Any other read or write of the engine first writes what is held. A request that fails after
 * its consumption writes nothing: the code or refresh token stays unconsumed, as if it had not come.
 */
const DEFERRED = new Set(['AuthorizationCode', 'RefreshToken']);
/** Writes that can go with a held consumption. */
const CARRIERS = new Set(['AccessToken', 'RefreshToken']);
const KEY = 'PendingConsume';
const CONSUMED_LABEL: Record<string, string> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

interface Pending {
  model: string;
  storedId: string;
  at: Date;
  /** The token rows written with it. */
  rows: UpsertParams[];
}

export interface PendingConsume {
  /** Consumes at once, or (a code or refresh token inside an engine request) holds it. */
  consume(model: string, storedId: string): Promise<void>;
  /** Writes what is held (the consumption, with the tokens held with it). */
  flush(): Promise<void>;
  /** True when `model`'s write can go with a held consumption. */
  carries(model: string): boolean;
  /** Holds the row (UpsertParams) with the held consumption; false when none is held, and the caller writes as usual. */
  carry(params: UpsertParams): boolean;
  /** Forgets what is held: the request failed, so nothing is consumed and nothing issued. */
  discard(): void;
  /** True when this request holds a consumption (most engine requests hold nothing). */
  holds(): boolean;
}

const SETTLES_IN_FLIGHT = 1;
const SETTLE_BATCH = 64;

export function createPendingConsume(db: Db, requestRows: RequestRows): PendingConsume {
  const settle = createWriteBatch<Pending, boolean>({
    maxInFlight: SETTLES_IN_FLIGHT,
    maxBatch: SETTLE_BATCH,
    keyOf: (p) => rowKey(p.model, p.storedId),
    async write(pendings) {
      // Each token names its consumption by position (1-based), as the statement numbers them.
      const { rows } = await db.executeQuery<{ won: number }>(
        CompiledQuery.raw(CONSUME_AND_UPSERT, [
          ...upsertColumns(pendings.flatMap((p) => p.rows)),
          pendings.flatMap((p, i) => p.rows.map(() => i + 1)),
          pendings.map((p) => p.model),
          pendings.map((p) => p.storedId),
          pendings.map((p) => p.at.toISOString()),
        ]),
      );
      const won = new Set(rows.map((r) => r.won));
      return pendings.map((_, i) => won.has(i + 1));
    },
  });
  // Another request consumed it first: a replay, or a race that is treated as one.
  const lost = async (p: Pending): Promise<never> => {
    await db.executeQuery(CompiledQuery.raw(REVOKE_FAMILY, [p.model, p.storedId]));
    throw new errors.InvalidGrant(CONSUMED_LABEL[p.model] ?? 'grant request is invalid');
  };
  const write = async (p: Pending) => {
    if (!(await settle(p))) await lost(p);
  };
  const flush = async () => {
    const held = requestRows.take<Pending>(KEY);
    if (held) await write(held);
  };
  return {
    async consume(model, storedId) {
      await flush();
      const pending: Pending = { model, storedId, at: new Date(), rows: [] };
      if (requestRows.inRequest() && DEFERRED.has(model)) requestRows.keep(KEY, pending);
      else await write(pending);
    },
    flush,
    carries: (model) => CARRIERS.has(model),
    carry(params) {
      const held = requestRows.take<Pending>(KEY);
      if (!held) return false;
      // A token written twice in one request keeps its last payload, as an upsert would.
      held.rows = held.rows.filter(([model, id]) => model !== params[0] || id !== params[1]);
      held.rows.push(params);
      requestRows.keep(KEY, held);
      return true;
    },
    discard() {
      requestRows.take(KEY);
    },
    holds: () => requestRows.has(KEY),
  };
}
