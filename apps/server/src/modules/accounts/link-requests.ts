import type { Db } from '../../db/connect';
import { createOutboxDrain } from '../../jobs/outbox-drain';
import type { Logger } from '../../logger';
import { createLinkRequestsRepo } from './link-requests-repo';
import { type LinkSettings, queueResetLink, queueVerificationLink } from './links';
import { createAccountsRepo } from './repo';

/** Requests taken per pass; each costs a few statements only when its address has an account. */
const BATCH = 20;

/**
 * Forgot password and resend answer the same for an address with an account and one without, and
 * must take as long: each request only queues one row (link_requests), whatever the address. This
 * worker takes the rows on its own schedule, every `pollMs` (never woken by the request, which
 * would bring the work back next to the answer), and writes a link and its mail for an address
 * that has an account (a reset link; a verification link while the address is unverified). A
 * request is taken and its link written in one transaction: a failure leaves it for the next pass.
 */
export function createLinkRequestsWorker(deps: {
  db: Db;
  settings: LinkSettings;
  pollMs: number;
  /** After a pass that queued mail committed: the mail worker sends it now. */
  onMailQueued: () => void;
  logger: Logger;
}) {
  const passOnce = async (): Promise<boolean> => {
    const { taken, mailed } = await deps.db.transaction().execute(async (trx) => {
      const requests = await createLinkRequestsRepo(trx).take(BATCH);
      let queued = 0;
      for (const request of requests) {
        const user = await createAccountsRepo(trx).findUserByEmail(request.email);
        // Only an account that was there when the request came: one signed up since has its own mail.
        if (!user || user.created_at > new Date(request.created_at)) continue;
        if (request.purpose === 'reset') await queueResetLink(trx, deps.settings, user);
        else if (!user.email_confirmed_at && request.browser_nonce_hash)
          await queueVerificationLink(trx, deps.settings, user, request.browser_nonce_hash);
        else continue;
        queued++;
      }
      return { taken: requests.length, mailed: queued };
    });
    if (mailed > 0) deps.onMailQueued();
    return taken === BATCH;
  };
  return createOutboxDrain({
    deliverBatch: passOnce,
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: 'link requests',
  });
}
