import type { PurgeSteps } from '../contract';
import { createSecurityEventsRepo } from './repo';

export const SECURITY_RETENTION = {
  /** Settings' security activity: 90 days, like the sign-in log. */
  securityEventDays: 90,
} as const;

export const SECURITY_PURGE_STEPS: PurgeSteps = {
  security_events: (db) => createSecurityEventsRepo(db).purgeOlderThan(SECURITY_RETENTION.securityEventDays),
};
