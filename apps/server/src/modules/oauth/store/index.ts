import type { Account, Adapter } from 'oidc-provider';
import type { SecretBox } from '../../../crypto/secret-box';
import type { Db } from '../../../db/connect';
import type { ClientCache } from '../../clients';
import { createAccountFinder } from './account-finder';
import { createClientStore } from './client-store';
import { createModelStore } from './model-store';
import { createPendingConsume } from './pending-consume';
import { createSessionReads, createTokenReads } from './reads';
import { createRequestRows } from './request-rows';
import type { RequestRows } from './types';
import { createModelWrites } from './writes';

export { purgeExpiredModels } from './model-store';
export type { RequestHints } from './types';

/**
 * The engine adapter: how oidc-provider reads and writes what it stores. statements.ts holds its
 * SQL and row mappers, types.ts its row types; rows read together are kept for the rest of one
 * engine request (request-rows.ts).
 */
export interface EngineStore {
  /** The engine's adapter for a model: Client reads oauth2_clients, every other model oidc_models. */
  adapter(model: string): Adapter;
  /** The engine's findAccount: a user's claims. */
  findAccount(accountId: string): Promise<Account | undefined>;
  /** Runs each engine request with its own kept rows and hints, which the configuration reads. */
  requests: Pick<RequestRows, 'run' | 'hints'>;
  /**
   * At the end of an engine request, before it answers: writes a held consumption with the tokens
   * held with it (pending-consume.ts). Throws invalid_grant when another request consumed it first.
   */
  settle(): Promise<void>;
  /** At the end of a failed engine request: nothing held is written. */
  discard(): void;
  /** Whether this engine request holds anything for `settle` (a code exchange or a rotation). */
  holds(): boolean;
}

/** Builds the engine adapter; `box` opens the sealed client secrets. */
export function createEngineStore(deps: {
  db: Db;
  box: SecretBox;
  publicUrl: string;
  clientCache: ClientCache;
}): EngineStore {
  const { db } = deps;
  const requestRows = createRequestRows();
  const clientStore = createClientStore(db, deps.box, requestRows, deps.clientCache);
  const reads = { tokens: createTokenReads(db), sessions: createSessionReads(db) };
  const writes = createModelWrites(db);
  const pending = createPendingConsume(db, requestRows);
  return {
    adapter: (model) =>
      model === 'Client' ? clientStore : createModelStore(db, model, requestRows, reads, writes, pending),
    findAccount: createAccountFinder(db, deps.publicUrl, requestRows),
    requests: requestRows,
    settle: pending.flush,
    discard: pending.discard,
    holds: pending.holds,
  };
}
