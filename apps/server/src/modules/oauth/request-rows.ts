import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Rows read together with a token, kept for the rest of the same engine request. Every database
 * round trip costs the Node process a socket write and a wake-up of the database (the largest
 * item of its profile, docs/performance.md), and the engine reads a token's grant, client and
 * account one after the other; reading them with the token makes userinfo one statement.
 *
 * A row is taken once: a second read in the same request goes to the database again, and a
 * write to the row drops it, so nothing is ever served older than the request's first read.
 * Outside an engine request (the app's own routes) nothing is kept.
 */
export interface RequestRows {
  /** Runs an engine request with its own, empty set of rows. */
  run<T>(fn: () => T): T;
  /** Keeps a row (null: read and not there) under `Model:id`. */
  keep(key: string, row: unknown): void;
  /** The kept row and forgets it; undefined when nothing is kept under the key. */
  take<T>(key: string): T | null | undefined;
  /** Forgets a row that is about to change. */
  drop(key: string): void;
}

export function createRequestRows(): RequestRows {
  const storage = new AsyncLocalStorage<Map<string, unknown>>();
  return {
    run: (fn) => storage.run(new Map(), fn),
    keep(key, row) {
      storage.getStore()?.set(key, row);
    },
    take<T>(key: string) {
      const rows = storage.getStore();
      if (!rows?.has(key)) return undefined;
      const row = rows.get(key) as T | null;
      rows.delete(key);
      return row;
    },
    drop(key) {
      storage.getStore()?.delete(key);
    },
  };
}

/** The key of a row of one model (Grant, Client, Account). */
export const rowKey = (model: string, id: string) => `${model}:${id}`;
