import type { Listen } from '../../db/listen';

/** The channel the oauth2_clients trigger announces changes on (migration 0023). */
const CLIENT_CHANGES_CHANNEL = 'omnia_clients';
const MAX_ENTRIES = 10_000;
/** A bound on any entry's age, should a notification ever be lost without the connection dropping. */
const MAX_AGE_MS = 60_000;

export interface ClientCache {
  /** The client's row: kept, or read by `read` (and kept when nothing changed meanwhile). */
  load<Row extends object>(clientId: string, read: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** The kept row, if any, without reading. */
  peek<Row extends object>(clientId: string): Row | undefined;
  /**
   * Forgets a client at once: this process's own writes, before their announcement arrives, or a
   * newer row this process read with a token (oauth/store/client-store.ts).
   */
  forget(clientId: string): void;
  /** Starts listening for changes; until it listens, nothing is kept. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The clients this process has read, forgotten when PostgreSQL announces a change to one
 * (LISTEN/NOTIFY, on commit: every instance hears it within milliseconds) and wholly whenever
 * the announcements may have been missed (the listening connection lost). A read that started
 * before an announcement is not kept (the generation moved), so an old row never outlives one.
 * Only existing clients are kept: a client created later is read when first named.
 */
export function createClientCache(listen: Listen): ClientCache {
  // Rows of the one shape its one reader (the OAuth engine's client store) reads.
  const rows = new Map<string, { row: object; at: number }>();
  let generation = 0;
  let live = false;
  let listener: Awaited<ReturnType<Listen>> | undefined;
  const forgetAll = () => {
    generation++;
    rows.clear();
  };

  return {
    async load<Row extends object>(clientId: string, read: () => Promise<Row | undefined>) {
      const kept = rows.get(clientId);
      if (kept && Date.now() - kept.at < MAX_AGE_MS) return kept.row as Row;
      const before = generation;
      const row = await read();
      if (row && live && generation === before) {
        if (rows.size >= MAX_ENTRIES) rows.clear();
        rows.set(clientId, { row, at: Date.now() });
      }
      return row;
    },
    peek<Row extends object>(clientId: string) {
      return rows.get(clientId)?.row as Row | undefined;
    },
    forget(clientId) {
      generation++;
      rows.delete(clientId);
    },
    async start() {
      listener ??= await listen(CLIENT_CHANGES_CHANNEL, {
        notify(clientId) {
          generation++;
          rows.delete(clientId);
        },
        live(listening) {
          forgetAll();
          live = listening;
        },
      });
    },
    async stop() {
      live = false;
      forgetAll();
      await listener?.close();
      listener = undefined;
    },
  };
}
