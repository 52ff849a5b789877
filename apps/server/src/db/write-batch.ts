/**
 * Writes of one kind from concurrent requests of one process, sent together when the database is
 * busy: the counterpart of read-batch.ts. A write goes out at once while fewer than `maxInFlight`
 * statements of its kind run; otherwise it waits and leaves with the writes queued behind it as
 * one statement (one commit). Each caller is answered only when the statement that carried its
 * write has committed, so nothing is acknowledged before it is stored. Two writes of one key never
 * go in one statement (an upsert cannot touch a row twice): the later one waits for the next.
 *
 * A row can make a whole statement fail (a NUL byte that jsonb refuses, from text someone typed):
 * a statement of several writes that fails changed nothing, and runs again once per write, so only
 * the write that failed fails.
 */
export interface WriteBatchOptions<T, R = undefined> {
  maxInFlight: number;
  maxBatch: number;
  /** The row a write touches: writes of one key keep their order, one per statement. */
  keyOf(item: T): string;
  /** One statement for these writes (distinct keys); what each write answers, in their order (a conditional write: whether it won). */
  write(items: T[]): Promise<R[] | undefined>;
}

interface Queued<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export type WriteBatch<T, R = undefined> = (item: T) => Promise<R>;

export function createWriteBatch<T, R = undefined>(options: WriteBatchOptions<T, R>): WriteBatch<T, R> {
  const { maxInFlight, maxBatch, keyOf, write } = options;
  let queue: Queued<T, R>[] = [];
  let inFlight = 0;

  // async: a write function that throws becomes a rejected write.
  const attempt = async (items: T[]) => write(items);

  /** The batch's writes one statement each, after the statement of them all failed. */
  const alone = async (batch: Queued<T, R>[]) => {
    await Promise.all(
      batch.map((q) =>
        attempt([q.item]).then(
          (results) => q.resolve(results?.[0] as R),
          (err: unknown) => q.reject(err),
        ),
      ),
    );
  };

  const send = (batch: Queued<T, R>[]) => {
    inFlight += 1;
    attempt(batch.map((q) => q.item))
      .then(
        (results) => {
          batch.forEach((q, i) => {
            q.resolve(results?.[i] as R);
          });
        },
        async (err: unknown) => {
          if (batch.length > 1) return alone(batch);
          for (const q of batch) q.reject(err);
        },
      )
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const keys = new Set<string>();
      const batch: Queued<T, R>[] = [];
      const rest: Queued<T, R>[] = [];
      for (const q of queue) {
        const key = keyOf(q.item);
        // A key already taken (or passed over) waits, so its writes keep their order.
        if (batch.length === maxBatch || keys.has(key)) {
          keys.add(key);
          rest.push(q);
        } else {
          keys.add(key);
          batch.push(q);
        }
      }
      queue = rest;
      send(batch);
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
