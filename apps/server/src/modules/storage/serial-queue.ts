/**
 * Runs work one at a time, in the order it came, with at most `maxWaiting` waiting behind the one
 * that runs; `refuse` makes the error for one more.
 */
export function createSerialQueue(maxWaiting: number, refuse: () => Error) {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      if (queued > maxWaiting) return Promise.reject(refuse());
      queued++;
      const result = tail.then(work).finally(() => {
        queued--;
      });
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
