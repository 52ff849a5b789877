import type { WebhookDeliveryType } from '@omnia/contracts/webhooks';

/** An event's entry in the 'webhooks' catalogue (its name has a dot, which the catalogue nests on). */
export const EVENT_KEYS = {
  'user.updated': 'user_updated',
  'user.deleted': 'user_deleted',
  'grant.revoked': 'grant_revoked',
  'app.approved': 'app_approved',
  'app.rejected': 'app_rejected',
  'app.changes_reviewed': 'app_changes_reviewed',
  ping: 'ping',
} as const satisfies Record<WebhookDeliveryType, string>;
