import type { Db } from '../../db/connect';

/** Holds an account until the transaction ends, so its deletion waits; false when it is gone. */
export type HoldAccount = (db: Db, userId: string) => Promise<boolean>;

/**
 * Locks an app's row for a transaction that writes about it, in the order an account's deletion
 * takes its locks: the owner's account first (held, HoldAccount), then the app's row. A change and
 * a deletion of the owner then wait for each other instead of deadlocking. An app handed over
 * between the read of its owner and the lock is read once more, as it is now; one no longer the
 * caller's once the lock is granted is not returned.
 */
async function lockApp<Row extends { user_id: string }>(
  trx: Db,
  hold: HoldAccount,
  app: { owner: () => Promise<string | undefined>; lock: () => Promise<Row | undefined> },
): Promise<Row | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const owner = await app.owner();
    if (!owner || !(await hold(trx, owner))) return undefined;
    const row = await app.lock();
    if (!row) return undefined;
    // The lock may have waited for a transaction that took the app from the caller without
    // writing its row (a member removed): the locking statement still read membership as it was
    // before, a new one reads it as committed.
    if (row.user_id === owner && (await app.owner()) === owner) return row;
  }
  return undefined;
}

/**
 * An app the caller manages, by its id, locked as lockApp does, the caller's account held first:
 * what the change writes about the caller (their security activity) comes after the app's row, and
 * the caller's own deletion may write that row too (when they created the app).
 */
export const lockManaged = async (
  trx: Db,
  hold: HoldAccount,
  repo: ManagedLocks,
  userId: string,
  id: string,
) =>
  (await hold(trx, userId))
    ? lockApp(trx, hold, {
        owner: () => repo.ownerOfManaged(userId, id),
        lock: () => repo.lockOwned(userId, id),
      })
    : undefined;

/** An app by its client_id (the operator's review), locked as lockApp does. */
export const lockByClientId = (trx: Db, hold: HoldAccount, repo: ManagedLocks, clientId: string) =>
  lockApp(trx, hold, {
    owner: () => repo.ownerOfClientId(clientId),
    lock: () => repo.lockByClientId(clientId),
  });

type ManagedLocks = Pick<
  ReturnType<typeof import('./repo').createClientsRepo>,
  'ownerOfManaged' | 'lockOwned' | 'ownerOfClientId' | 'lockByClientId'
>;
