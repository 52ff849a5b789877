import type { Logger } from '../logger';

/**
 * The loop of an outbox worker (mail, logout tokens, webhooks): passes that deliver one claimed
 * batch each, run until a batch says nothing more is due, every `pollMs` and whenever kicked;
 * concurrent kicks coalesce into one more pass, and stop waits for the pass under way.
 */
export function createOutboxDrain(deps: {
  /** Delivers (or starts) one claimed batch; whether more may be due at once (it came back full). */
  deliverBatch: () => Promise<boolean>;
  pollMs: number;
  logger: Logger;
  /** What the log calls a failed pass. */
  name: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const runOnce = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await deps.deliverBatch())) {}
        } while (again && !stopped);
      } catch (err) {
        deps.logger.error({ err }, `${deps.name} pass failed`);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, deps.pollMs);
    timer.unref();
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
      void runOnce();
    },
    /** Deliver now (called after a row is committed). */
    kick() {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The pause before retry number `attempts`: `base` doubling per attempt, at most `max` (seconds). */
export function backoffSeconds(
  attempts: number,
  options: { baseBackoffSeconds: number; maxBackoffSeconds: number },
): number {
  const exp = options.baseBackoffSeconds * 2 ** Math.max(0, attempts - 1);
  return Math.round(Math.min(options.maxBackoffSeconds, exp));
}
