import type { PurgeSteps } from '../contract';
import { purgeLogoutDeliveries } from './logout-delivery/deliveries-repo';
import { RETIRED_KEY_KEPT_SECONDS } from './signing-keys';
import { purgeRetiredSigningKeys } from './signing-keys-repo';
import { purgeExpiredModels } from './store';

/** The engine's expired codes, tokens, sessions, interactions and grants, and long-retired keys. */
export const OAUTH_PURGE_STEPS: PurgeSteps = {
  oidc_models: (db) => purgeExpiredModels(db),
  oidc_signing_keys: (db) => purgeRetiredSigningKeys(db, RETIRED_KEY_KEPT_SECONDS),
  // An app's page lists its last deliveries; a month of them is plenty.
  oauth_logout_deliveries: (db) => purgeLogoutDeliveries(db, 30),
};
