import type { Db } from '../../db/connect';
import { isMomentaryFailure } from '../../db/errors';
import { inSavepoint } from '../../db/savepoint';
import { createOutboxDrain } from '../../jobs/outbox-drain';
import type { Logger } from '../../logger';

/**
 * The worker behind a request answered alike whatever the address (forgot password and resend:
 * link-requests.ts; a wrong password at sign-in: failed-sign-ins.ts): the request only queued a
 * row, and this takes the rows every `pollMs`, never woken by the request (which would bring the
 * work back next to the answer). A pass takes a batch in one transaction and handles each row in
 * a savepoint of it: a momentary failure (a deadlock, a timeout) fails the pass, which keeps every
 * row for the next one; any other (the account deleted at that moment) drops that row alone,
 * logged.
 */
export function createQueueWorker<Row>(deps: {
  db: Db;
  pollMs: number;
  logger: Logger;
  /** What the log calls the queue's rows ('link requests'). */
  name: string;
  batch: number;
  take: (trx: Db, limit: number) => Promise<Row[]>;
  handle: (trx: Db, row: Row) => Promise<unknown>;
}) {
  const passOnce = async (): Promise<boolean> => {
    const taken = await deps.db.transaction().execute(async (trx) => {
      const rows = await deps.take(trx, deps.batch);
      for (const row of rows) {
        const done = await inSavepoint(trx, () => deps.handle(trx, row));
        if (done.ok) continue;
        if (isMomentaryFailure(done.error)) throw done.error;
        deps.logger.warn({ err: done.error }, `one of the ${deps.name} was dropped`);
      }
      return rows.length;
    });
    return taken === deps.batch;
  };
  return createOutboxDrain({
    deliverBatch: passOnce,
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: deps.name,
  });
}
