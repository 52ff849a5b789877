import type { PurgeSteps } from '../contract';
import { purgeWebhookDeliveries } from './deliveries-repo';
import { purgeExpiredWebhookSecrets } from './endpoints-repo';

export const WEBHOOKS_PURGE_STEPS: PurgeSteps = {
  // An app's page lists its last deliveries; a month of them is plenty.
  webhook_deliveries: (db) => purgeWebhookDeliveries(db, 30),
  app_webhooks: purgeExpiredWebhookSecrets,
};
