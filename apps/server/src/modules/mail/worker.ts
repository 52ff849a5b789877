import { backoffSeconds, createOutboxDrain } from '../../jobs/outbox-drain';
import type { Logger } from '../../logger';
import type { OutboxRepo } from './repo';
import { type MailSender, PermanentMailError } from './senders';

export interface MailWorkerOptions {
  /** How often due mail is looked for when nobody kicks the worker. */
  pollMs: number;
  batchSize: number;
  /** A claimed message is not offered to other instances for this long. */
  leaseSeconds: number;
  /** First retry delay; doubles per attempt up to maxBackoffSeconds. */
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** After this many attempts a message is given up on (about a day with the defaults). */
  maxAttempts: number;
}

const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 1000,
  batchSize: 10,
  leaseSeconds: 120,
  baseBackoffSeconds: 5,
  maxBackoffSeconds: 1800,
  maxAttempts: 60,
};

export { backoffSeconds };

/**
 * Delivers the outbox. Several instances may run it at once (claims skip locked rows). An SMTP
 * outage only delays mail: each failure reschedules the message with exponential back-off.
 */
export function createMailWorker(deps: {
  repo: OutboxRepo;
  sender: MailSender;
  logger: Logger;
  options?: Partial<MailWorkerOptions>;
}) {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...deps.options };
  const { repo, sender, logger } = deps;

  const deliverBatch = async (): Promise<boolean> => {
    const batch = await repo.claimDue(options.batchSize, options.leaseSeconds);
    for (const mail of batch) {
      try {
        await sender.send(mail);
        await repo.markSent(mail.id, !sender.keepsBody);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof PermanentMailError || mail.attempts >= options.maxAttempts) {
          logger.error(
            { mailId: mail.id, attempts: mail.attempts, err: message },
            'mail delivery failed for good',
          );
          await repo.markFailed(mail.id, message, !sender.keepsBody);
        } else {
          const delay = backoffSeconds(mail.attempts, options);
          logger.warn(
            { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, err: message },
            'mail delivery failed, will retry',
          );
          await repo.markRetry(mail.id, message, delay);
        }
      }
    }
    return batch.length === options.batchSize;
  };

  const drain = createOutboxDrain({
    deliverBatch,
    pollMs: options.pollMs,
    logger,
    name: 'mail worker',
  });
  return {
    ...drain,
    async stop() {
      await drain.stop();
      sender.close();
    },
  };
}
