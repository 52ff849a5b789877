import { z } from 'zod';
import type { DeliveryProgress } from './delivery';
import { rule, ruleMessage } from './messages';
import { uriFormProblem } from './redirect-uris';

/**
 * What an app's webhook can subscribe to. `user.*` and `grant.revoked` concern people
 * who use the app (a grant with it); `app.*` the app's own review by the operator. `ping` is the
 * test event a developer sends from the app's page; it is not subscribed to.
 */
export const WEBHOOK_EVENTS = [
  'user.updated',
  'user.deleted',
  'grant.revoked',
  'app.approved',
  'app.rejected',
  'app.changes_reviewed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryType = WebhookEventType | 'ping';

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (one v1 per live secret). */
export const WEBHOOK_SIGNATURE_HEADER = 'Omnia-Signature';
/** How long the previous signing secret still signs after 'Rotate signing secret'. */
export const WEBHOOK_SECRET_GRACE_SECONDS = 24 * 3600;

const base = (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/webhook`;

/** The app's webhook, under the app's page (Bearer, owner; 404 for anyone else). */
export const WEBHOOKS_API = {
  /**
   * GET → WebhookResponse; PUT webhookSchema (step-up) → SavedWebhookResponse (the signing secret
   * only when the webhook is new); DELETE (step-up) → 204.
   */
  webhook: base,
  /** POST (step-up) → SavedWebhookResponse with the new secret; the old one signs on for 24 hours. */
  rotateSecret: (id: string) => `${base(id)}/rotate-secret`,
  /** GET → WebhookDeliveriesResponse, newest first. */
  deliveries: (id: string) => `${base(id)}/deliveries`,
  /** POST → 202: the delivery's event is queued again, as a new delivery. */
  resend: (id: string, deliveryId: string) =>
    `${base(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  /** POST → 202: a `ping` event is queued. */
  test: (id: string) => `${base(id)}/test`,
} as const;

/** An absolute https URL (http for localhost while developing), no fragment or user name. */
const webhookUrl = z
  .string(rule('webhookUrlInvalid'))
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const u = URL.parse(value);
    const local = u?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    const problem =
      uriFormProblem(value, 'webhookUrlInvalid') ??
      (u?.protocol === 'https:' || local ? null : 'webhookUrlInvalid');
    if (problem) ctx.addIssue({ code: 'custom', message: ruleMessage(problem) });
  });

/** PUT WEBHOOKS_API.webhook(id): where to POST, and which events. */
export const webhookSchema = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS), rule('webhookEventsRequired'))
    .min(1, rule('webhookEventsRequired'))
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type WebhookInput = z.input<typeof webhookSchema>;

export interface Webhook {
  url: string;
  events: WebhookEventType[];
  created_at: string;
  updated_at: string;
  /** While the previous signing secret still signs (after a rotation), until when. */
  previous_secret_expires_at: string | null;
}
export interface WebhookResponse {
  webhook: Webhook | null;
}
/** The webhook as saved; `secret` (whsec_…) only when it was just made, shown once. */
export interface SavedWebhookResponse {
  webhook: Webhook;
  secret?: string;
}

export interface WebhookDelivery extends DeliveryProgress {
  id: string;
  event_id: string;
  type: WebhookDeliveryType;
  at: string;
}
export interface WebhookDeliveriesResponse {
  deliveries: WebhookDelivery[];
}
