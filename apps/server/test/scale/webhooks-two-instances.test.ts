import {
  type SavedWebhookResponse,
  WEBHOOKS_API,
  type WebhookDeliveriesResponse,
} from '@omnia/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { importDocsExample } from '../oauth/docs-examples';
import { createUser, type TestUser } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/receiver';
import { type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * Webhook deliveries with two instances over one PostgreSQL database: both workers drain one
 * outbox, and every event goes out once.
 */
const adminUrl = process.env.DATABASE_URL;
const reason = 'needs DATABASE_URL (a PostgreSQL server shared by both instances; .ci/run provides one)';

let pair: SharedDatabasePair | undefined;
let receiver: WebhookReceiver;
let owner: TestUser;

beforeAll(async () => {
  if (!adminUrl) return;
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_webhooks');
  receiver = await startWebhookReceiver();
  owner = await createUser(pair.a);
});
afterAll(async () => {
  await receiver?.close();
  await pair?.close();
});

describe.skipIf(!adminUrl)('webhooks across two instances', () => {
  it('events queued on both instances at once are each delivered once, by whichever claims them', async () => {
    const { a, b } = pair as SharedDatabasePair;
    const app = await register(a, owner, validClient());
    const saved = await send(b, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: receiver.url,
      events: ['user.updated'],
    });
    expect(saved.status).toBe(200);
    const { secret = '' } = (await saved.json()) as SavedWebhookResponse;
    const { verifyWebhook } = await importDocsExample<{
      verifyWebhook: (raw: string, header: string, secret: string) => { id: string };
    }>('verify-webhook', a.url);

    // Fewer than the 20 pending deliveries at which a manual send is refused (429, webhookBacklog):
    // on a busy machine none of them may have gone out yet when the last is sent.
    const events = 18;
    const sent = await Promise.all(
      Array.from({ length: events }, (_, i) => send(i % 2 ? b : a, owner, 'POST', WEBHOOKS_API.test(app.id))),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(events).fill(202));
    await receiver.waitFor(events, 20_000);
    // A poll later (each worker looks every two seconds), nothing else arrived.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(receiver.received).toHaveLength(events);
    const ids = receiver.received.map(({ body, headers }) =>
      verifyWebhook(body, String(headers['omnia-signature']), secret),
    );
    expect(new Set(ids.map((e) => e.id)).size).toBe(events);
    const listed = (await (
      await send(a, owner, 'GET', WEBHOOKS_API.deliveries(app.id))
    ).json()) as WebhookDeliveriesResponse;
    expect(listed.deliveries).toHaveLength(events);
    for (const d of listed.deliveries) expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it.skipIf(adminUrl)(reason, () => {});
});
