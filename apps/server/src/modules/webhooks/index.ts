export { createWebhookEvents } from './events';
export { createWebhooksModule } from './module';
export { WEBHOOKS_PURGE_STEPS } from './purge';
export type { WebhookWorkerOptions } from './worker';
