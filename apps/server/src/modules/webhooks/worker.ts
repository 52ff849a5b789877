import { WEBHOOK_SIGNATURE_HEADER } from '@omnia/contracts/webhooks';
import type { SecretBox } from '../../crypto/secret-box';
import { createDeliveryPool } from '../../jobs/delivery-pool';
import { postTo } from '../../jobs/outbound-post';
import { backoffSeconds } from '../../jobs/outbox-drain';
import type { Logger } from '../../logger';
import type { BackgroundTask } from '../contract';
import type { DueWebhookDelivery, WebhookDeliveriesRepo } from './deliveries-repo';
import type { EndpointSecrets, EndpointsRepo } from './endpoints-repo';
import { signatureHeader } from './signature';

export interface WebhookWorkerOptions {
  pollMs: number;
  /** Deliveries under way at once in this process. */
  slots: number;
  /** Of those, at most this many to one app: a slow endpoint holds no more. */
  perApp: number;
  /** A claimed delivery is not offered to other instances for this long. */
  leaseSeconds: number;
  /** First retry after this long, doubling up to maxBackoffSeconds. */
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** An event is retried for this long after it happened, then given up on. */
  retrySeconds: number;
  /** How long one POST may take. */
  timeoutMs: number;
}

const DEFAULTS: WebhookWorkerOptions = {
  pollMs: 2_000,
  slots: 10,
  perApp: 3,
  leaseSeconds: 60,
  baseBackoffSeconds: 10,
  maxBackoffSeconds: 3_600,
  retrySeconds: 24 * 3_600,
  timeoutMs: 5_000,
};

/** What a delivery says when its webhook's secret does not open (SECRET_KEY changed since). */
const UNOPENED_SECRET =
  'not called: the webhook secret cannot be opened (SECRET_KEY changed since it was made); rotate the secret';

/**
 * Delivers queued webhook events: a JSON POST signed with the app's secrets; a 2xx answer is
 * delivered, anything else is retried with back-off for a day. Several instances may run it
 * (claims skip locked rows), so each delivery goes out once unless an instance dies mid-POST (the
 * lease then offers it again: receivers dedupe on the event id). The signature's timestamp is
 * that of the attempt.
 */
export function createWebhookWorker(deps: {
  deliveries: WebhookDeliveriesRepo;
  endpoints: EndpointsRepo;
  box: SecretBox;
  /** Outside production an endpoint on this machine may be called (tests, local development). */
  allowLoopback: boolean;
  logger: Logger;
  now?: () => number;
  options?: Partial<WebhookWorkerOptions>;
}): BackgroundTask & { kick(): void; runOnce(): Promise<void> } {
  const options = { ...DEFAULTS, ...deps.options };
  const { deliveries, logger, now = Date.now } = deps;

  const deliver = async (due: DueWebhookDelivery, endpoint: EndpointSecrets | undefined) => {
    if (!endpoint) return deliveries.failed(due.id, null, 'not called: the webhook was removed');
    if (due.withheld) return deliveries.failed(due.id, null, 'not called: the app was rejected');
    const secrets = openSecrets(endpoint);
    if (!secrets) return settleFailure(due, null, UNOPENED_SECRET);
    const { status, error } = await postTo(
      endpoint.url,
      {
        body: due.body,
        contentType: 'application/json',
        headers: {
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(due.body, secrets, Math.floor(now() / 1000)),
          'Omnia-Event-Id': due.event_id,
          'user-agent': 'Omnia-Webhooks/1',
        },
      },
      { allowLoopback: deps.allowLoopback, timeoutMs: options.timeoutMs },
    );
    if (!error) return deliveries.delivered(due.id, status ?? 200);
    return settleFailure(due, status, error);
  };
  /** A failed attempt: tried again with back-off, given up on after a day. */
  const settleFailure = (due: DueWebhookDelivery, status: number | null, error: string) => {
    if (due.expired) {
      logger.warn({ client_id: due.client_id, attempts: due.attempts, error }, 'webhook delivery given up');
      return deliveries.failed(due.id, status, error);
    }
    return deliveries.retry(due.id, status, error, backoffSeconds(due.attempts, options));
  };
  /**
   * The endpoint's signing secrets that open (one sealed under another SECRET_KEY does not: a
   * rotation made since then signs alone); undefined when none does.
   */
  const openSecrets = (endpoint: EndpointSecrets): string[] | undefined => {
    const opened = [endpoint.secret, endpoint.previous_secret].flatMap((sealed) => {
      if (!sealed) return [];
      try {
        return [deps.box.open(sealed)];
      } catch {
        return [];
      }
    });
    return opened.length ? opened : undefined;
  };

  return createDeliveryPool({
    slots: options.slots,
    perApp: options.perApp,
    pollMs: options.pollMs,
    logger,
    name: 'webhook delivery',
    async claim(limit, perApp, busyApps) {
      const batch = await deliveries.claimDue(limit, options.leaseSeconds, options.retrySeconds, {
        perApp,
        busyApps,
      });
      if (batch.length === 0) return [];
      const endpoints = await deps.endpoints.secretsOf([...new Set(batch.map((d) => d.client_id))]);
      const byClient = new Map(endpoints.map((e) => [e.client_id, e]));
      return batch.map((due) => ({
        app: due.client_id,
        run: async () => void (await deliver(due, byClient.get(due.client_id))),
      }));
    },
  });
}
