import type { OAuthClient } from '@omnia/contracts/developer';
import {
  type SavedWebhookResponse,
  WEBHOOKS_API,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
} from '@omnia/contracts/webhooks';
import { afterAll, beforeAll, expect } from 'vitest';
import { approvedApp, send, validClient } from '../developer/helpers';
import { importDocsExample } from '../oauth/docs-examples';
import { authorizeAs, REDIRECT_URI, redeemCode, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from './receiver';

/*
 * What the webhook tests share: a server whose worker looks often and retries a second apart, an
 * approved app of its owner, a real endpoint, and docs/integrators.md's verification as written.
 */
export type Verify = (rawBody: string, header: string, secret: string, nowMs?: number) => unknown;
export interface Event {
  id: string;
  type: string;
  created_at: string;
  client_id: string;
  data: Record<string, unknown>;
}

export let server: TestServer;
export let owner: TestUser;
export let app: OAuthClient;
let client: TestClient;
export let receiver: WebhookReceiver;
/** The app's signing secret, once a webhook is saved (setSecret after a rotation). */
export let secret: string;
export let verifyWebhook: Verify;
export const setSecret = (value: string) => {
  secret = value;
};

/** Starts the server, the app and the endpoint for this file; `withWebhook` saves one at once. */
export function useWebhookFixture(options: { withWebhook?: boolean } = {}) {
  beforeAll(async () => {
    // Retries a second apart, and a worker that looks often: nothing waits on a wall clock for long.
    server = await startTestServer(
      {},
      { modules: { webhookWorker: { pollMs: 100, baseBackoffSeconds: 1 } } },
    );
    owner = await createUser(server);
    ({ app, client } = await approvedApp(server, owner, validClient({ redirect_uris: [REDIRECT_URI] })));
    receiver = await startWebhookReceiver();
    ({ verifyWebhook } = await importDocsExample<{ verifyWebhook: Verify }>('verify-webhook', server.url));
    if (options.withWebhook) {
      const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
        url: receiver.url,
        events: ['user.updated'],
      });
      secret = ((await saved.json()) as SavedWebhookResponse).secret ?? '';
    }
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });
}

export const deliveries = async (id = app.id): Promise<WebhookDelivery[]> =>
  (
    (await (
      await send(server, owner, 'GET', WEBHOOKS_API.deliveries(id))
    ).json()) as WebhookDeliveriesResponse
  ).deliveries;

/**
 * The newest delivery (or the one with `deliveryId`) once the worker wrote its outcome (the
 * endpoint may answer first).
 */
export async function newestSettled(deliveryId?: string) {
  for (let i = 0; ; i++) {
    const list = await deliveries();
    const found = deliveryId ? list.find((d) => d.id === deliveryId) : list[0];
    if ((found && found.state !== 'retrying') || i > 200) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The `count` webhooks that arrive once `action` has run (counted from before it, as the first
 * may arrive before it returns), each verified with every one of `secrets`, parsed.
 */
export async function eventsAfter(
  action: () => Promise<unknown>,
  count = 1,
  secrets = [secret],
): Promise<Event[]> {
  const had = receiver.received.length;
  await action();
  const got = (await receiver.waitFor(had + count)).slice(had, had + count);
  return got.map(({ headers, body }) => {
    expect(headers['content-type']).toBe('application/json');
    for (const s of secrets) verifyWebhook(body, String(headers['omnia-signature']), s);
    const event = JSON.parse(body) as Event;
    expect(headers['omnia-event-id']).toBe(event.id);
    return event;
  });
}

export async function signIn(person: TestUser, scope?: string) {
  const { back, verifier } = await authorizeAs(server, client, person, scope);
  expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
}
