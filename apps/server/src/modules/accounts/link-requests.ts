import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { createLinkRequestsRepo } from './link-requests-repo';
import { type LinkSettings, queueResetLink, queueVerificationLink } from './links';
import { createQueueWorker } from './queue-worker';
import { createAccountsRepo } from './repo';

/** Requests taken per pass; each costs a few statements only when its address has an account. */
const BATCH = 20;

/**
 * Forgot password and resend answer the same for an address with an account and one without, and
 * must take as long: each request only queues one row (link_requests), whatever the address. This
 * worker takes the rows on its own schedule, every `pollMs` (never woken by the request, which
 * would bring the work back next to the answer), and writes a link and its mail for an address
 * that has an account (a reset link; a verification link while the address is unverified). It does
 * not wake the mail worker either, which sends on its own poll: a wake-up only accounts cause would
 * show. Each request is written in a savepoint of the pass's transaction: one that fails for good
 * (its account deleted at that moment) is dropped and logged, and the others go on; a momentary
 * failure (a deadlock, a timeout) keeps them all for the next pass.
 */
export function createLinkRequestsWorker(deps: {
  db: Db;
  settings: LinkSettings;
  pollMs: number;
  logger: Logger;
}) {
  /** Writes the request's link where its address has an account that was there when it came. */
  const answer = async (trx: Db, request: TakenRequest) => {
    // An account signed up since the request has its own mail (compared in the database, to the
    // microsecond). The account is read with a shared lock: a cancel link, a confirmed change of
    // address or a reset that writes it meanwhile waits for this link, and then retires it.
    const user = await createAccountsRepo(trx).findUserByEmailCreatedBy(request.email, request.created_at);
    if (!user) return;
    if (request.purpose === 'reset') await queueResetLink(trx, deps.settings, user);
    // Bound to the browser whose sign-up set the password, whoever asked for the new link.
    else if (!user.email_confirmed_at)
      await queueVerificationLink(trx, deps.settings, user, user.signup_nonce_hash);
  };
  return createQueueWorker({
    ...deps,
    name: 'link requests',
    batch: BATCH,
    take: (trx, limit) => createLinkRequestsRepo(trx).take(limit),
    handle: answer,
  });
}

type TakenRequest = Awaited<ReturnType<ReturnType<typeof createLinkRequestsRepo>['take']>>[number];
