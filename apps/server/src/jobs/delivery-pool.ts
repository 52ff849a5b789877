import type { Logger } from '../logger';
import { createOutboxDrain } from './outbox-drain';

/** One claimed delivery: the app it goes to, and sending it (the outcome recorded inside). */
export interface PooledDelivery {
  app: string;
  run: () => Promise<void>;
}

/**
 * Runs claimed deliveries to developers' endpoints (webhooks, logout tokens) each on its own: at
 * most `slots` at once, at most `perApp` of one app, and an app with deliveries under way gets no
 * more until they end. A slow endpoint holds its own app's slots only; the others go on as soon as
 * a slot is free, instead of waiting for a whole batch.
 */
export function createDeliveryPool(deps: {
  slots: number;
  perApp: number;
  pollMs: number;
  logger: Logger;
  name: string;
  /** Claims up to `limit` due deliveries, at most `perApp` of each app and none of `busyApps`. */
  claim: (limit: number, perApp: number, busyApps: string[]) => Promise<PooledDelivery[]>;
}) {
  const running = new Set<Promise<void>>();
  const busy = new Map<string, number>();

  const start = (delivery: PooledDelivery) => {
    busy.set(delivery.app, (busy.get(delivery.app) ?? 0) + 1);
    const done: Promise<void> = delivery
      .run()
      .catch((err: unknown) => deps.logger.error({ err, app: delivery.app }, `${deps.name} failed`))
      .finally(() => {
        running.delete(done);
        const left = (busy.get(delivery.app) ?? 1) - 1;
        if (left > 0) busy.set(delivery.app, left);
        else busy.delete(delivery.app);
        // A slot is free: the next due delivery goes now, not at the next poll.
        drain.kick();
      });
    running.add(done);
  };

  const drain = createOutboxDrain({
    async deliverBatch() {
      const free = deps.slots - running.size;
      if (free <= 0) return false;
      const claimed = await deps.claim(free, deps.perApp, [...busy.keys()]);
      for (const delivery of claimed) start(delivery);
      return claimed.length === free;
    },
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: deps.name,
  });

  /** Waits for every delivery under way, and for those a finished one lets go. */
  const settled = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  return {
    start: drain.start,
    kick: drain.kick,
    /** One pass, and the deliveries it started (tests, and stopping). */
    async runOnce() {
      await drain.runOnce();
      await settled();
    },
    async stop() {
      await drain.stop();
      await settled();
    },
  };
}
