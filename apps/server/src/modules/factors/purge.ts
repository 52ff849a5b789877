import type { PurgeSteps } from '../contract';
import { createPasskeysRepo } from './passkeys-repo';
import { createFactorsRepo } from './repo';

/** Second factors whose removal, announced by a recovery request, is due; spent or expired passkey challenges. */
export const FACTORS_PURGE_STEPS: PurgeSteps = {
  totp_factors: (db) => createFactorsRepo(db).purgeRemoved(),
  webauthn_challenges: (db) => createPasskeysRepo(db).purgeChallenges(),
};
