import type { Db } from '../../db/connect';
import { asksForNewSignIn, needsFreshSignIn, type PendingAuthorization } from './authorization-policy';
import { interactionStartedAt } from './interactions-repo';

/**
 * Whether a pending authorization still needs a sign-in newer than the session's; when it was
 * asked for one, the time the request arrived is read to compare.
 */
export async function freshSignInNeeded(
  db: Db,
  pending: PendingAuthorization & { uid: string },
  authenticatedAt: Date,
): Promise<boolean> {
  if (!asksForNewSignIn(pending)) return false;
  return needsFreshSignIn(pending, authenticatedAt, await interactionStartedAt(db, pending.uid));
}
