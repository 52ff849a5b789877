import type { Notice } from '@omnia/contracts/notifications';
import type { Db } from '../../db/connect';
import { createNotificationsRepo } from './repo';

/**
 * How every other module leaves a notice in a person's bell: in the caller's transaction, so the
 * notice commits with the change it reports.
 */
export function notify(db: Db, userId: string, notice: Notice): Promise<void> {
  return createNotificationsRepo(db).add(userId, notice);
}

/**
 * Deletes every notice of the account (in the caller's transaction): a sign-up taking over an
 * unverified account starts with none of what happened before its address was proven.
 */
export function forgetNotices(db: Db, userId: string): Promise<void> {
  return createNotificationsRepo(db).removeAll(userId);
}
