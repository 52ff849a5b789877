import type { PurgeSteps } from '../contract';
import { purgeRegistrationTokens } from './registration/repo';

export const DEVELOPER_PURGE_STEPS: PurgeSteps = {
  // Expired initial access tokens register nothing; a day after, they go.
  registration_tokens: purgeRegistrationTokens,
};
