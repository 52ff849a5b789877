import type { PurgeSteps } from '../contract';
import { createNotificationsRepo } from './repo';

export const NOTIFICATIONS_RETENTION = {
  /** The bell's notices, read or not: 90 days, like the security activity they mirror. */
  notificationDays: 90,
} as const;

export const NOTIFICATIONS_PURGE_STEPS: PurgeSteps = {
  notifications: (db) => createNotificationsRepo(db).purgeOlderThan(NOTIFICATIONS_RETENTION.notificationDays),
};
