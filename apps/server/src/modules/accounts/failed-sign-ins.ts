import type { Db } from '../../db/connect';
import { isMomentaryFailure } from '../../db/errors';
import { inSavepoint } from '../../db/savepoint';
import { createOutboxDrain } from '../../jobs/outbox-drain';
import type { Logger } from '../../logger';
import { createFailedSignInsRepo } from './failed-sign-ins-repo';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo } from './repo';

/** Failures taken per pass; each costs a few statements only when its address has an account. */
const BATCH = 50;

/**
 * A wrong password at sign-in is answered the same, and as fast, for an address with an account
 * and one without: the request only queues one row (failed_sign_ins), whatever the address. This
 * worker takes the rows every `pollMs` (never woken by the request, which would bring the work back
 * next to the answer) and, for an address whose account was there when the failure came, writes it
 * to the owner's activity and tells them of a lock (lockout.note). Each failure is written in a
 * savepoint of the pass's transaction, as link requests are (link-requests.ts).
 */
export function createFailedSignInsWorker(deps: LockoutDeps & { pollMs: number; logger: Logger }) {
  const lockout = createLockout(deps);
  const note = async (trx: Db, failure: TakenFailure): Promise<boolean> => {
    const user = await createAccountsRepo(trx).findUserByEmailCreatedBy(failure.email, failure.created_at);
    if (!user) return false;
    const logged = { ip: failure.ip, kind: 'sign_in_failed' as const, at: failure.created_at };
    return lockout.note(trx, user, logged, failure.locked_seconds);
  };
  const passOnce = async (): Promise<boolean> => {
    let mailed = false;
    const taken = await deps.db.transaction().execute(async (trx) => {
      const failures = await createFailedSignInsRepo(trx).take(BATCH);
      for (const failure of failures) {
        const done = await inSavepoint(trx, () => note(trx, failure));
        if (done.ok) mailed ||= done.value;
        // A momentary failure fails the pass, which keeps every failure for the next one; any
        // other (the account deleted at that moment) drops this one alone.
        else if (isMomentaryFailure(done.error)) throw done.error;
        else deps.logger.warn({ err: done.error }, 'a failed sign-in was not noted');
      }
      return failures.length;
    });
    if (mailed) deps.onMailQueued();
    return taken === BATCH;
  };
  return createOutboxDrain({
    deliverBatch: passOnce,
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: 'failed sign-ins',
  });
}

type TakenFailure = Awaited<ReturnType<ReturnType<typeof createFailedSignInsRepo>['take']>>[number];
