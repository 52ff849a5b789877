/**
 * Reads of one kind, by key, from concurrent requests of one process, issued together when the
 * database is busy. A read goes out at once while fewer than `maxInFlight` statements of its kind
 * are running; otherwise it waits for one of them to finish and then leaves, with every read
 * that queued behind it, as one statement (at most `maxBatch` keys). Nothing is kept: each read
 * is answered by a statement issued after the read was asked for, so it sees every write
 * committed before that, as a read of its own would. Under load this trades the round trip per
 * read (a socket write, a wake-up of the database, its per-statement work) for one per batch.
 *
 * A key can make a whole statement fail (a NUL byte in text someone typed): a statement of several
 * keys that fails runs again once per key, so only the reads of the key that failed fail.
 */
export interface ReadBatchOptions<T> {
  maxInFlight: number;
  maxBatch: number;
  /** One statement for these distinct keys: the rows of each key found (a key missing: none). */
  read(keys: string[]): Promise<Map<string, T[]>>;
}

interface Waiting<T> {
  resolve(rows: T[]): void;
  reject(err: unknown): void;
}

export type ReadBatch<T> = (key: string) => Promise<T[]>;

export function createReadBatch<T>(options: ReadBatchOptions<T>): ReadBatch<T> {
  const { maxInFlight, maxBatch, read } = options;
  // Keys in the order asked; reads of one key asked while it waits share its place. A batch takes
  // the whole queue and a new one starts: one long-lived Map, filled and emptied by deletes under
  // load, kept every read that had waited in it alive past young collections, and so its whole
  // request.
  let queue = new Map<string, Waiting<T>[]>();
  let inFlight = 0;

  // async: a read function that throws becomes a rejected read.
  const attempt = async (keys: string[]) => read(keys);

  const answer = (waiting: Waiting<T>[], rows: T[]) => {
    // Each reader gets rows of its own: the engine changes the payloads it is given.
    waiting.forEach((w, i) => {
      w.resolve(i === 0 ? rows : structuredClone(rows));
    });
  };

  /** The batch's keys one statement each, after the statement of them all failed. */
  const alone = async (batch: Map<string, Waiting<T>[]>) => {
    await Promise.all(
      [...batch].map(([key, waiting]) =>
        attempt([key]).then(
          (found) => answer(waiting, found.get(key) ?? []),
          (err: unknown) => {
            for (const w of waiting) w.reject(err);
          },
        ),
      ),
    );
  };

  const send = (batch: Map<string, Waiting<T>[]>) => {
    inFlight += 1;
    attempt([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiting] of batch) answer(waiting, found.get(key) ?? []);
        },
        async (err: unknown) => {
          if (batch.size > 1) return alone(batch);
          for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
        },
      )
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.size > 0) {
      let batch = queue;
      queue = new Map();
      if (batch.size > maxBatch) {
        // The keys past the first maxBatch wait for the next statement, in their order.
        const waiting = [...batch];
        batch = new Map(waiting.slice(0, maxBatch));
        queue = new Map(waiting.slice(maxBatch));
      }
      send(batch);
    }
  };

  return (key) =>
    new Promise<T[]>((resolve, reject) => {
      const waiting = queue.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else queue.set(key, [{ resolve, reject }]);
      pump();
    });
}
