import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHints, RequestRows } from './types';

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
interface RequestState {
  hints: RequestHints;
  rows: Map<string, unknown>;
  reading: Map<string, Promise<unknown>>;
}

export function createRequestRows(): RequestRows {
  const storage = new AsyncLocalStorage<RequestState>();
  const take = <T>(key: string): T | null | undefined => {
    const rows = storage.getStore()?.rows;
    if (!rows?.has(key)) return undefined;
    const row = rows.get(key) as T | null;
    rows.delete(key);
    return row;
  };
  return {
    run: (fn, hints = {}) => storage.run({ hints, rows: new Map(), reading: new Map() }, fn),
    hints: () => storage.getStore()?.hints ?? {},
    keep(key, row) {
      storage.getStore()?.rows.set(key, row);
    },
    take,
    async takeOr<T>(key: string, read: () => Promise<T | undefined>) {
      const kept = take<T>(key);
      return kept !== undefined ? kept : read();
    },
    drop(key) {
      storage.getStore()?.rows.delete(key);
    },
    share<T>(key: string, read: () => Promise<T>) {
      const reading = storage.getStore()?.reading;
      if (!reading) return read();
      const pending = reading.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const started = read().finally(() => reading.delete(key));
      reading.set(key, started);
      return started;
    },
  };
}

/** The key of a row of one model (Grant, Client, Account). */
export const rowKey = (model: string, id: string) => `${model}:${id}`;
