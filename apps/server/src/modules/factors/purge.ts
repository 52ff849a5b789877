import type { PurgeSteps } from '../contract';
import { createFactorsRepo } from './repo';

/** Second factors whose removal, announced by a password reset, is due. */
export const FACTORS_PURGE_STEPS: PurgeSteps = {
  totp_factors: (db) => createFactorsRepo(db).purgeRemoved(),
};
