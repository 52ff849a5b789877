/** A place taken in a serial queue: run the work in it, or give it back unused. */
export interface QueuePlace {
  run<T>(work: () => Promise<T>): Promise<T>;
  release(): void;
}

/**
 * Runs work one at a time, with at most `maxWaiting` places taken behind the one that runs; `refuse`
 * makes the error for one more. A place is taken at once (`reserve`) and the work queued when it
 * runs, so a caller can do its own checks between the two without losing its place.
 */
export function createSerialQueue(maxWaiting: number, refuse: () => Error) {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  const reserve = (): QueuePlace => {
    if (queued > maxWaiting) throw refuse();
    queued++;
    let held = true;
    const release = () => {
      if (held) queued--;
      held = false;
    };
    return {
      run<T>(work: () => Promise<T>): Promise<T> {
        const result = tail.then(work).finally(release);
        tail = result.catch(() => undefined);
        return result;
      },
      release,
    };
  };
  return {
    reserve,
    /** Whether one more place would be refused now. */
    full: () => queued > maxWaiting,
    run<T>(work: () => Promise<T>): Promise<T> {
      try {
        return reserve().run(work);
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}
