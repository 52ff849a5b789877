import {
  type SavedWebhookResponse,
  WEBHOOK_SECRET_GRACE_SECONDS,
  type Webhook,
  type WebhookDeliveriesResponse,
  type WebhookEventType,
  type WebhookInput,
  type WebhookResponse,
  webhookSchema,
} from '@omnia/contracts/webhooks';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { neverCalled } from '../../jobs/public-address';
import { consumeQuotas, createRateLimiter, type RateRule } from '../ratelimit';
import { createWebhookDeliveriesRepo, type WebhookDeliveriesRepo } from './deliveries-repo';
import { createEndpointsRepo, type EndpointsRepo } from './endpoints-repo';
import type { WebhookEvents } from './events';
import { generateWebhookSecret } from './signature';

/** How many of an app's deliveries its page lists. */
const SHOWN = 25;
/**
 * Re-send and 'Send test event' wait while this many of the app's deliveries are pending, so a
 * dead endpoint cannot be fed a queue that holds up other apps' events.
 */
const MAX_PENDING_FOR_MANUAL = 20;
/**
 * Re-sends and test events an app may ask for: enough for a developer at work, too few to keep
 * a slow endpoint's share of the worker busy for others (a delivery may take its whole timeout).
 */
const MANUAL_SENDS: RateRule = { points: 30, windowSeconds: 10 * 60 };
const DELIVERY_ID = /^[1-9]\d{0,17}$/;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toWebhook(row: {
  url: string;
  events: string[];
  created_at: Date;
  updated_at: Date;
  previous_secret_expires_at: Date | null;
}): Webhook {
  return {
    url: row.url,
    events: row.events as WebhookEventType[],
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
  };
}

/**
 * A change of the webhook of an app the person manages (by its id), made by `work` with the app's
 * client_id in a transaction that also records it as a change of the app (the clients module's
 * changeKeptElsewhere); undefined when the person does not manage the app or `work` changed nothing.
 */
export type ChangeApp = <T>(
  userId: string,
  id: string,
  field: 'webhook',
  work: (
    trx: Db,
    clientId: string,
  ) => Promise<{ result: T; before: Record<string, unknown>; after: Record<string, unknown> } | undefined>,
) => Promise<T | undefined>;

/**
 * An app's webhook as its developer manages it. Reads take the app's client_id once the caller has
 * checked the person may manage it (the routes ask the clients module); changes take the person
 * and the app's id, and are in the app's history and its owner's notices like any change of it
 * (a member's new endpoint or secret is seen).
 */
export function createWebhooksService(deps: {
  endpoints: EndpointsRepo;
  deliveries: WebhookDeliveriesRepo;
  events: WebhookEvents;
  box: SecretBox;
  /** Manual sends run in a transaction of their own, their quota counted in it (manualSend). */
  db: Db;
  /** Outside production an endpoint on this machine may be called (tests, local development). */
  allowLoopback: boolean;
  changeApp: ChangeApp;
  /** The apps a person manages whose webhook was set, changed or re-keyed since then (the clients module). */
  changedSince: (userId: string, since: Date) => Promise<string[]>;
}) {
  const { endpoints, deliveries, box } = deps;
  /**
   * A re-send or a test event, queued by `queue` while fewer than MAX_PENDING_FOR_MANUAL of the
   * app's deliveries wait. The app's sends are serialised first, so sends racing each other (on
   * any instance) each count the others' rows; an app without a webhook gets 404, and so does one
   * deleted while its send ran (the queued row's foreign key refuses it).
   */
  const manualSend = async (clientId: string, queue: (trx: Db) => Promise<boolean>) => {
    const queued = await deps.db
      .transaction()
      .execute(async (trx: Db) => {
        if (!(await createEndpointsRepo(trx).serializeSends(clientId))) return false;
        if ((await createWebhookDeliveriesRepo(trx).pendingCount(clientId)) >= MAX_PENDING_FOR_MANUAL)
          throw new AppError('rate_limited', { messageKey: 'webhookBacklog', retryAfterSeconds: 60 });
        await consumeQuotas(createRateLimiter(trx), [[`webhook-manual:${clientId}`, MANUAL_SENDS]]);
        return queue(trx);
      })
      .catch((err: unknown) => {
        if (isForeignKeyViolation(err)) return false;
        throw err;
      });
    if (!queued) throw new AppError('not_found');
    deps.events.kick();
  };
  /** Removes the app's webhook as `userId`, in its history; false when it has none (or is not theirs). */
  const remove = async (userId: string, id: string) =>
    deps.changeApp(userId, id, 'webhook', async (trx, clientId) => {
      const repo = createEndpointsRepo(trx);
      const before = await repo.find(clientId);
      if (!before || !(await repo.remove(clientId))) return undefined;
      return { result: true, before: { url: before.url, events: before.events }, after: { url: null } };
    });
  return {
    async get(clientId: string): Promise<WebhookResponse> {
      const row = await endpoints.find(clientId);
      return { webhook: row ? toWebhook(row) : null };
    },
    /** Creates the webhook (its secret, shown once, in the answer) or changes its URL and events. */
    async save(userId: string, id: string, input: WebhookInput): Promise<SavedWebhookResponse> {
      const { url, events } = webhookSchema.parse(input);
      if (neverCalled(url, deps.allowLoopback))
        throw new AppError('validation_failed', {
          messageKey: 'urlNotPublic',
          fields: { url: 'urlNotPublic' },
        });
      const secret = generateWebhookSecret();
      const saved = await deps.changeApp(userId, id, 'webhook', async (trx, clientId) => {
        const repo = createEndpointsRepo(trx);
        const before = await repo.find(clientId);
        const { created, ...row } = await repo.save(clientId, url, events, box.seal(secret));
        const result: SavedWebhookResponse = created
          ? { webhook: toWebhook(row), secret }
          : { webhook: toWebhook(row) };
        return {
          result,
          before: { url: before?.url ?? null, events: before?.events ?? [] },
          after: { url, events },
        };
      });
      if (!saved) throw new AppError('not_found');
      return saved;
    },
    /** A new signing secret, shown once; the previous one signs on for a day. */
    async rotateSecret(userId: string, id: string): Promise<SavedWebhookResponse> {
      const secret = generateWebhookSecret();
      const rotated = await deps.changeApp(userId, id, 'webhook', async (trx, clientId) => {
        const row = await createEndpointsRepo(trx).rotate(
          clientId,
          box.seal(secret),
          WEBHOOK_SECRET_GRACE_SECONDS,
        );
        if (!row) return undefined;
        const result: SavedWebhookResponse = { webhook: toWebhook(row), secret };
        return { result, before: {}, after: { secret: 'rotated' } };
      });
      if (!rotated) throw new AppError('not_found');
      return rotated;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await remove(userId, id))) throw new AppError('not_found');
    },
    /**
     * After the owner took the account back (the cancel link): every webhook of its apps set,
     * changed or given a new secret since then goes, as the owner removing it. Whoever held the
     * account may have sent the app's events to their own server or read its signing secret; the
     * owner sets theirs again. One already gone is skipped.
     */
    async removeChangedSince(userId: string, since: Date): Promise<void> {
      for (const id of await deps.changedSince(userId, since)) await remove(userId, id);
    },
    async deliveries(clientId: string): Promise<WebhookDeliveriesResponse> {
      const rows = await deliveries.recent(clientId, SHOWN);
      return {
        deliveries: rows.map((r) => ({
          id: r.id,
          event_id: r.event_id,
          type: r.type as WebhookDeliveriesResponse['deliveries'][number]['type'],
          at: new Date(r.created_at).toISOString(),
          state: r.delivered_at ? 'delivered' : r.failed_at ? 'failed' : 'retrying',
          attempts: r.attempts,
          delivered_at: iso(r.delivered_at),
          next_attempt_at: r.delivered_at || r.failed_at ? null : iso(r.next_attempt_at),
          last_status: r.last_status,
          last_error: r.last_error,
        })),
      };
    },
    /** Queues a delivery's event again (a new delivery, the same event id). */
    async resend(clientId: string, deliveryId: string): Promise<void> {
      if (!DELIVERY_ID.test(deliveryId)) throw new AppError('not_found');
      await manualSend(clientId, (trx) => createWebhookDeliveriesRepo(trx).resend(clientId, deliveryId));
    },
    /** 'Send test event': a `ping`; 404 without a webhook. */
    async test(clientId: string): Promise<void> {
      await manualSend(clientId, (trx) => deps.events.ping(clientId, trx));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
