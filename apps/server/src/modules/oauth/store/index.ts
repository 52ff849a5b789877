import type { Account, Adapter } from 'oidc-provider';
import type { SecretBox } from '../../../crypto/secret-box';
import type { Db } from '../../../db/connect';
import type { ClientCache } from '../../clients';
import { createAccountFinder } from './account-finder';
import { createClientStore } from './client-store';
import type { DeviceCodeSealer } from './device-codes';
import { createModelStore } from './model-store';
import { createSessionReads, createTokenReads } from './reads';
import { createRefreshRetries, type RefreshRetries } from './refresh-retries';
import { createRequestRows } from './request-rows';
import type { RequestRows } from './types';
import { createModelWrites } from './writes';

export { createDeviceCodeSealer } from './device-codes';
export { API_ACCESS_TOKEN_MODEL, purgeExpiredModels } from './model-store';
export { REFRESH_RETRY_WINDOW_S } from './refresh-retries';
export type { RequestHints } from './types';

/**
 * The engine adapter: how oidc-provider reads and writes what it stores. statements.ts and
 * write-statements.ts hold its SQL, rows.ts its row mappers, types.ts its row types; rows read
 * together are kept for the rest of one engine request (request-rows.ts).
 */
export interface EngineStore {
  /** The engine's adapter for a model: Client reads oauth2_clients, every other model oidc_models. */
  adapter(model: string): Adapter;
  /** The engine's findAccount: a user's claims. */
  findAccount(accountId: string): Promise<Account | undefined>;
  /** Runs each engine request with its own kept rows and hints, which the configuration reads. */
  requests: Pick<RequestRows, 'run' | 'hints'>;
  /** Refresh tokens rotate, and a retry within a short window gets the same successor. */
  refreshRetries: Pick<RefreshRetries, 'rotate' | 'retriedSuccessor' | 'keep'>;
}

/** Builds the engine adapter; `box` opens the sealed client secrets. */
export function createEngineStore(deps: {
  db: Db;
  box: SecretBox;
  /** Seals device codes in their rows (device-codes.ts). */
  deviceCodes: DeviceCodeSealer;
  publicUrl: string;
  clientCache: ClientCache;
  /** A client's sealed previous secret while its rotation's grace period lasts. */
  previousSecretOf: (clientId: string) => Promise<string | undefined>;
}): EngineStore {
  const { db } = deps;
  const requestRows = createRequestRows();
  const clientStore = createClientStore(db, deps.box, requestRows, deps.clientCache, deps.previousSecretOf);
  const reads = { tokens: createTokenReads(db), sessions: createSessionReads(db) };
  const writes = createModelWrites(db);
  const refreshRetries = createRefreshRetries(db, requestRows);
  return {
    adapter: (model) =>
      model === 'Client'
        ? clientStore
        : createModelStore(db, model, requestRows, reads, writes, deps.deviceCodes, refreshRetries),
    findAccount: createAccountFinder(db, deps.publicUrl, requestRows),
    requests: requestRows,
    refreshRetries,
  };
}
