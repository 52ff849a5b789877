import type { Logger } from '../logger';

/**
 * Work a request starts and does not wait for. An answer that took longer when there is work to
 * do (a reset link for an address with an account) than when there is none would tell, by its
 * timing, who has an account; so the request answers first, and the work runs after. A failure is
 * logged (nobody waits for it); stop() waits for what is running, before the database closes.
 */
export function createDetached(logger: Logger) {
  const running = new Set<Promise<void>>();
  return {
    /** Starts `work` now, without waiting for it; `what` names it in the log if it fails. */
    run(what: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => logger.error({ err }, `${what} failed`),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    start(): void {},
    async stop(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
