import type { WebhookDeliveryType } from '@omnia/contracts/webhooks';

/**
 * Events about a person: an app the operator rejected no longer hears them (it cannot sign anyone
 * in, and must not go on learning who uses Omnia and when they change), neither new ones nor those
 * queued before its rejection. It still hears of its own review and answers its developer's ping.
 */
export const ABOUT_A_PERSON: ReadonlySet<WebhookDeliveryType> = new Set([
  'user.updated',
  'user.deleted',
  'grant.revoked',
]);
