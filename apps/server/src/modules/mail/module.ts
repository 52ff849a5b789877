import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import type { ModuleParts } from '../contract';
import { createDevMailbox } from './dev-mailbox';
import { createOutboxRepo } from './repo';
import { DEV_MAILBOX_PATH, devMailboxEnabled, devMailboxRoutes } from './routes';
import { createDevSender, createSmtpSender } from './senders';
import { createMailWorker, type MailWorkerOptions } from './worker';

/**
 * Mail: the outbox other modules enqueue into (in their own transactions) and the worker that
 * delivers it, on every instance (SMTP, or the dev mailbox without SMTP_URL).
 */
export function createMailModule(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env' | 'publicUrl'>;
  db: Db;
  logger: Logger;
  worker: Partial<MailWorkerOptions>;
}) {
  const { config, logger } = deps;
  const outbox = createOutboxRepo(deps.db);
  const worker = createMailWorker({
    repo: outbox,
    // Without SMTP the text stays only where the dev mailbox shows it (never in production).
    sender: config.smtpUrl
      ? createSmtpSender(config.smtpUrl, config.mailFrom)
      : createDevSender(logger, devMailboxEnabled(config)),
    logger,
    options: deps.worker,
  });
  const parts: ModuleParts = {
    // Without SMTP, mail is readable here by loopback clients; never in production.
    site: devMailboxEnabled(config)
      ? [{ path: DEV_MAILBOX_PATH, router: devMailboxRoutes(createDevMailbox(outbox), config.publicUrl) }]
      : [],
    background: [worker],
  };
  return {
    ...parts,
    /** Pending messages (a metrics gauge). */
    pending: () => outbox.countPending(),
    /** Deliver now: called after a transaction that queued mail committed. */
    onMailQueued: () => worker.kick(),
  };
}
