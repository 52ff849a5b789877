import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { createFailedSignInsRepo } from './failed-sign-ins-repo';
import { createLockout, type LockoutDeps } from './lockout';
import { createQueueWorker } from './queue-worker';
import { createAccountsRepo } from './repo';

/** Failures taken per pass; each costs a few statements only when its address has an account. */
const BATCH = 50;

/**
 * A wrong password at sign-in is answered the same, and as fast, for an address with an account
 * and one without: the request only queues one row (failed_sign_ins), whatever the address. This
 * worker takes the rows every `pollMs` (never woken by the request, which would bring the work back
 * next to the answer) and, for a failure of an account's password, writes it to that account's
 * activity and tells them of a lock (lockout.note), as queue-worker.ts runs it. It
 * does not wake the mail worker, which sends a lock's mail on its own poll: a wake-up only
 * accounts cause would show.
 */
export function createFailedSignInsWorker(deps: LockoutDeps & { pollMs: number; logger: Logger }) {
  const lockout = createLockout(deps);
  const note = async (trx: Db, failure: TakenFailure): Promise<boolean> => {
    // The account whose password was checked, whatever its address now; nothing once it is gone.
    const user = failure.user_id ? await createAccountsRepo(trx).findUserById(failure.user_id) : undefined;
    if (!user) return false;
    const logged = { ip: failure.ip, kind: 'sign_in_failed' as const, at: failure.created_at };
    return lockout.note(trx, user, logged, failure.locked_seconds);
  };
  return createQueueWorker({
    db: deps.db,
    pollMs: deps.pollMs,
    logger: deps.logger,
    name: 'failed sign-ins',
    batch: BATCH,
    take: (trx, limit) => createFailedSignInsRepo(trx).take(limit),
    handle: note,
  });
}

type TakenFailure = Awaited<ReturnType<ReturnType<typeof createFailedSignInsRepo>['take']>>[number];
