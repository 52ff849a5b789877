import type { PurgeSteps } from '../contract';
import { createRateLimiter } from './limiter';

/** Finished rate-limit windows. */
export const RATE_LIMIT_PURGE_STEPS: PurgeSteps = {
  rate_limits: (db) => createRateLimiter(db).purgeExpired(),
};
