import { CompiledQuery } from 'kysely';
import { errors } from 'oidc-provider';
import type { Db } from '../../../db/connect';
import { CONSUME, CONSUME_AND_UPSERT, REVOKE_FAMILY } from './statements';
import type { RequestRows } from './types';

/**
 * A code exchange consumes the code and then writes the access token; a rotation consumes the
 * refresh token and then writes the new one. Inside an engine request the consumption waits for
 * that write and goes with it in one statement (CONSUME_AND_UPSERT): the token is written only if
 * the statement consumed the presented one. Single use stays one conditional statement, and a
 * request that loses the race issues nothing, as before. Any other read or write of the engine
 * first runs a waiting consumption on its own. A request that writes nothing after its
 * consumption (it failed) leaves the code or refresh token unconsumed, as if it had not come.
 */
const DEFERRED = new Set(['AuthorizationCode', 'RefreshToken']);
/** Writes that can carry a waiting consumption. */
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
}

export interface PendingConsume {
  /** Consumes at once, or (a code or refresh token inside an engine request) with the next write. */
  consume(model: string, storedId: string): Promise<void>;
  /** Runs a waiting consumption on its own. */
  flush(): Promise<void>;
  /** True when `model`'s write can carry a waiting consumption. */
  carries(model: string): boolean;
  /**
   * Writes with the waiting consumption (the row's UpsertParams); false when none waits, and the
   * caller writes as usual. Throws invalid_grant when another request consumed it first.
   */
  carry(params: unknown[]): Promise<boolean>;
}

export function createPendingConsume(db: Db, requestRows: RequestRows): PendingConsume {
  // Another request consumed it first: a replay, or a race that is treated as one.
  const lost = async (p: Pending): Promise<never> => {
    await db.executeQuery(CompiledQuery.raw(REVOKE_FAMILY, [p.model, p.storedId]));
    throw new errors.InvalidGrant(CONSUMED_LABEL[p.model] ?? 'grant request is invalid');
  };
  const now = async (p: Pending) => {
    const { rows } = await db.executeQuery(CompiledQuery.raw(CONSUME, [p.model, p.storedId, p.at]));
    if (!rows.length) await lost(p);
  };
  const flush = async () => {
    const waiting = requestRows.take<Pending>(KEY);
    if (waiting) await now(waiting);
  };
  return {
    async consume(model, storedId) {
      await flush();
      const pending = { model, storedId, at: new Date() };
      if (requestRows.inRequest() && DEFERRED.has(model)) requestRows.keep(KEY, pending);
      else await now(pending);
    },
    flush,
    carries: (model) => CARRIERS.has(model),
    async carry(params) {
      const waiting = requestRows.take<Pending>(KEY);
      if (!waiting) return false;
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(CONSUME_AND_UPSERT, [...params, waiting.at, waiting.model, waiting.storedId]),
      );
      if (!rows.length) await lost(waiting);
      return true;
    },
  };
}
