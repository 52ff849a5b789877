import type { PurgeSteps } from '../contract';
import { purgeExpiredModels } from './store';

/** The engine's expired codes, tokens, sessions, interactions and grants. */
export const OAUTH_PURGE_STEPS: PurgeSteps = {
  oidc_models: (db) => purgeExpiredModels(db),
};
