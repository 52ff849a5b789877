import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import {
  type SavedWebhookResponse,
  WEBHOOKS_API,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
  type WebhookResponse,
} from '@omnia/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf } from '../admin/helpers';
import { giveProfile } from '../conformance/rp';
import { errorOf, register, send, validClient } from '../developer/helpers';
import { importDocsExample } from '../oauth/docs-examples';
import { authorizeAs, REDIRECT_URI, redeemCode, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from './receiver';

/*
 * Webhooks (issue 36): an app subscribes an endpoint to events; each event is queued with what
 * caused it, POSTed signed (HMAC-SHA256 over the timestamp and the body), retried until the app
 * takes it, and listed on the app's page, where it can be sent again. A real endpoint receives
 * them and docs/integrators.md's verification, as written, checks every one.
 */
type Verify = (rawBody: string, header: string, secret: string, nowMs?: number) => unknown;
interface Event {
  id: string;
  type: string;
  created_at: string;
  client_id: string;
  data: Record<string, unknown>;
}

let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let client: TestClient;
let receiver: WebhookReceiver;
let secret: string;
let verifyWebhook: Verify;

beforeAll(async () => {
  // Retries a second apart, and a worker that looks often: nothing waits on a wall clock for long.
  server = await startTestServer({}, { modules: { webhookWorker: { pollMs: 100, baseBackoffSeconds: 1 } } });
  owner = await createUser(server);
  app = await register(server, owner, validClient({ redirect_uris: [REDIRECT_URI] }));
  const shown = await send(server, owner, 'GET', DEVELOPER_API.secret(app.id));
  client = {
    clientId: app.client_id,
    clientSecret: ((await shown.json()) as { client_secret: string }).client_secret,
    ownerId: owner.id,
  };
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ status: 'approved' })
    .where('id', '=', app.id)
    .execute();
  receiver = await startWebhookReceiver();
  ({ verifyWebhook } = await importDocsExample<{ verifyWebhook: Verify }>('verify-webhook', server.url));
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const deliveries = async (id = app.id): Promise<WebhookDelivery[]> =>
  (
    (await (
      await send(server, owner, 'GET', WEBHOOKS_API.deliveries(id))
    ).json()) as WebhookDeliveriesResponse
  ).deliveries;

/**
 * The newest delivery (or the one with `deliveryId`) once the worker wrote its outcome (the
 * endpoint may answer first).
 */
async function newestSettled(deliveryId?: string) {
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
async function eventsAfter(action: () => Promise<unknown>, count = 1, secrets = [secret]): Promise<Event[]> {
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

async function signIn(person: TestUser, scope?: string) {
  const { back, verifier } = await authorizeAs(server, client, person, scope);
  expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
}

describe('webhooks', () => {
  it('an app has none at first; a bad endpoint or no event is refused and nothing is saved', async () => {
    const none = await send(server, owner, 'GET', WEBHOOKS_API.webhook(app.id));
    expect(((await none.json()) as WebhookResponse).webhook).toBeNull();
    for (const [body, message] of [
      [
        { url: 'http://hooks.example/omnia', events: ['user.updated'] },
        'The endpoint must be an absolute https URL (http only for localhost)',
      ],
      [
        { url: 'https://hooks.example/omnia#x', events: ['user.updated'] },
        'A URI must not contain a fragment (#…)',
      ],
      [
        { url: 'nope', events: ['user.updated'] },
        'The endpoint must be an absolute https URL (http only for localhost)',
      ],
      [{ url: 'https://hooks.example/omnia', events: [] }, 'Choose at least one event'],
      [{ url: 'https://hooks.example/omnia', events: ['user.sneezed'] }, undefined],
      [{ url: 'https://hooks.example/omnia' }, 'Choose at least one event'],
    ] as const) {
      const res = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(await res.json())).toContain(message);
    }
    const still = await send(server, owner, 'GET', WEBHOOKS_API.webhook(app.id));
    expect(((await still.json()) as WebhookResponse).webhook).toBeNull();
  });

  it('saving shows the signing secret once; a later save keeps it and does not show it', async () => {
    const created = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: receiver.url,
      events: ['user.updated'],
    });
    expect(created.status).toBe(200);
    const first = (await created.json()) as SavedWebhookResponse;
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    secret = first.secret ?? '';
    expect(first.webhook).toMatchObject({ url: receiver.url, events: ['user.updated'] });
    const changed = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: receiver.url,
      events: ['grant.revoked', 'user.updated', 'user.deleted', 'user.updated'],
    });
    const second = (await changed.json()) as SavedWebhookResponse;
    expect(second.secret).toBeUndefined();
    // In the catalogue's order, once each.
    expect(second.webhook.events).toEqual(['user.updated', 'user.deleted', 'grant.revoked']);
    // Stored sealed: the database never holds the secret itself.
    const row = await server.deps.dbHandle.db
      .selectFrom('app_webhooks')
      .select('secret')
      .where('client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
  });

  it("is nobody else's: another person, and a malformed id, get 404 and change nothing", async () => {
    const stranger = await createUser(server);
    for (const [method, path, body] of [
      ['GET', WEBHOOKS_API.webhook(app.id)],
      ['PUT', WEBHOOKS_API.webhook(app.id), { url: 'https://evil.example/', events: ['user.updated'] }],
      ['DELETE', WEBHOOKS_API.webhook(app.id)],
      ['POST', WEBHOOKS_API.rotateSecret(app.id)],
      ['GET', WEBHOOKS_API.deliveries(app.id)],
      ['POST', WEBHOOKS_API.test(app.id)],
      ['POST', WEBHOOKS_API.resend(app.id, '1')],
    ] as const) {
      const res = await send(server, stranger, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await send(server, owner, 'GET', WEBHOOKS_API.webhook('not-a-uuid'))).status).toBe(404);
    expect((await send(server, undefined, 'GET', WEBHOOKS_API.webhook(app.id))).status).toBe(401);
    const mine = await send(server, owner, 'GET', WEBHOOKS_API.webhook(app.id));
    expect(((await mine.json()) as WebhookResponse).webhook?.url).toBe(receiver.url);
  });

  it("a person's new name reaches the apps they use, signed, naming the claim and never its value", async () => {
    const person = await createUser(server);
    const bystander = await createUser(server);
    await signIn(person);
    const [event] = await eventsAfter(async () => {
      await giveProfile(server, person, 'Grace Hopper');
      // Someone who never used the app changes too: the app hears nothing of them.
      await giveProfile(server, bystander, 'Alan Turing');
    });
    expect(event).toMatchObject({
      type: 'user.updated',
      client_id: app.client_id,
      data: { sub: person.id, changed: ['name', 'preferred_username'] },
    });
    expect(event?.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(JSON.stringify(event)).not.toContain('Grace');
    expect(await newestSettled()).toMatchObject({
      type: 'user.updated',
      event_id: event?.id,
      state: 'delivered',
      attempts: 1,
      last_status: 204,
    });
    // Saving the same name again changes no claim: no event.
    const [next] = await eventsAfter(async () => {
      await giveProfile(server, person, 'Grace Hopper');
      await giveProfile(server, person, 'Grace B. Hopper');
    });
    expect(next?.data).toEqual({ sub: person.id, changed: ['name'] });
    expect(receiver.received.some((r) => r.body.includes(bystander.id))).toBe(false);
  });

  it("an app hears only of the claims its scopes give it: no profile change without 'profile'", async () => {
    const person = await createUser(server);
    await signIn(person, 'openid email');
    await giveProfile(server, person, 'Katherine Johnson');
    // Nothing was queued for this app: it was never given the person's profile.
    await new Promise((r) => setTimeout(r, 300));
    const queued = await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('type')
      .where('body', 'like', `%${person.id}%`)
      .execute();
    expect(queued).toEqual([]);
    // Granted the profile too, the next change is heard.
    await signIn(person, 'openid profile email');
    const [event] = await eventsAfter(() => giveProfile(server, person, 'Katherine G. Johnson'));
    expect(event?.data).toEqual({ sub: person.id, changed: ['name'] });
  });

  it('revoking the app and deleting the account each tell it; an unsubscribed event does not', async () => {
    const person = await createUser(server);
    await signIn(person);
    const [revoked] = await eventsAfter(async () => {
      const revoke = await server.fetch(`/api/me/connected-apps/${app.client_id}`, {
        method: 'DELETE',
        headers: person.authHeader,
      });
      expect(revoke.status).toBe(204);
    });
    expect(revoked).toMatchObject({ type: 'grant.revoked', data: { sub: person.id } });

    const other = await createUser(server);
    await signIn(other);
    const [deleted] = await eventsAfter(async () => {
      const gone = await server.fetch('/api/me/account', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...other.authHeader },
        body: JSON.stringify({ email: other.email, password: other.password }),
      });
      expect(gone.status).toBe(204);
    });
    expect(deleted).toMatchObject({ type: 'user.deleted', data: { sub: other.id } });

    // The app subscribes to user.deleted only now: a revocation queues nothing.
    await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: receiver.url,
      events: ['user.deleted', 'user.updated'],
    });
    const third = await createUser(server);
    await signIn(third);
    await server.fetch(`/api/me/connected-apps/${app.client_id}`, {
      method: 'DELETE',
      headers: third.authHeader,
    });
    const queued = await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('type')
      .where('body', 'like', `%${third.id}%`)
      .execute();
    expect(queued).toEqual([]);
  });

  it('an endpoint that fails is tried again until it takes the event, and the page says so', async () => {
    receiver.failNext(2);
    const failuresBefore = receiver.failures;
    const [ping] = await eventsAfter(async () =>
      expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202),
    );
    expect(ping).toMatchObject({ type: 'ping', data: { client_id: app.client_id } });
    expect(receiver.failures - failuresBefore).toBe(2);
    expect(await newestSettled()).toMatchObject({
      type: 'ping',
      state: 'delivered',
      attempts: 3,
      last_status: 204,
      last_error: null,
    });
  });

  it('an event still refused after a day is given up on; Re-send delivers it again, the same event', async () => {
    receiver.failNext(1_000);
    expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202);
    let [failing] = await deliveries();
    for (let i = 0; i < 200 && failing?.last_status == null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [failing] = await deliveries();
    }
    expect(failing).toMatchObject({ state: 'retrying', last_status: 500, last_error: 'answered 500' });
    // A day has passed since the event (moved back in the database, no wall-clock wait).
    await server.deps.dbHandle.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date() })
      .where('id', '=', failing?.id ?? '')
      .execute();
    await server.deps.dbHandle.db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) } as never)
      .where('id', '=', failing?.id ?? '')
      .execute();
    const given = await newestSettled(failing?.id);
    expect(given).toMatchObject({ id: failing?.id, state: 'failed', last_status: 500 });

    receiver.failNext(0);
    const [again] = await eventsAfter(async () => {
      const resent = await send(server, owner, 'POST', WEBHOOKS_API.resend(app.id, given?.id ?? ''));
      expect(resent.status).toBe(202);
    });
    expect(again?.id).toBe(given?.event_id);
    const [newest] = await deliveries();
    expect((await deliveries()).find((d) => d.id === given?.id)).toMatchObject({ state: 'failed' });
    expect(newest).toMatchObject({ event_id: given?.event_id, type: 'ping' });
    for (const id of ['0', 'abc', '99999999999999999999', '1 or 1=1'])
      expect((await send(server, owner, 'POST', WEBHOOKS_API.resend(app.id, id))).status, id).toBe(404);
  });

  it('rotating the secret: both sign for a day, so a receiver on either verifies', async () => {
    const rotated = await send(server, owner, 'POST', WEBHOOKS_API.rotateSecret(app.id));
    expect(rotated.status).toBe(200);
    const body = (await rotated.json()) as SavedWebhookResponse;
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(secret);
    const hoursLeft =
      (new Date(body.webhook.previous_secret_expires_at ?? 0).getTime() - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    const had = receiver.received.length;
    await eventsAfter(() => send(server, owner, 'POST', WEBHOOKS_API.test(app.id)), 1, [
      secret,
      body.secret ?? '',
    ]);
    const header = String(receiver.received[had]?.headers['omnia-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    secret = body.secret ?? '';
  });

  it("the docs' verification refuses a changed body, another secret, and an old timestamp", async () => {
    const [event] = await eventsAfter(() => send(server, owner, 'POST', WEBHOOKS_API.test(app.id)));
    const got = receiver.received.at(-1);
    const header = String(got?.headers['omnia-signature']);
    const raw = got?.body ?? '';
    expect(verifyWebhook(raw, header, secret)).toMatchObject({ id: event?.id });
    expect(() => verifyWebhook(raw.replace('ping', 'pong'), header, secret)).toThrow('bad signature');
    expect(() => verifyWebhook(raw, header, 'whsec_other')).toThrow('bad signature');
    expect(() => verifyWebhook(raw, header, secret, Date.now() + 6 * 60_000)).toThrow('stale');
    expect(() => verifyWebhook(raw, 'v1=00', secret)).toThrow('timestamp');
  });

  it("the operator's decisions on an app, and on its changes, reach its webhook", async () => {
    const pending = await register(server, owner, validClient({ name: 'Reviewed app' }));
    const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(pending.id), {
      url: receiver.url,
      events: ['app.approved', 'app.rejected', 'app.changes_reviewed'],
    });
    const reviewedSecret = ((await saved.json()) as SavedWebhookResponse).secret ?? '';
    const admin = (path: string) =>
      server.fetch(`/api/admin${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKeyOf(server)}` },
      });
    const [approved] = await eventsAfter(
      async () => expect((await admin(`/clients/${pending.client_id}/approve`)).status).toBe(200),
      1,
      [reviewedSecret],
    );
    expect(approved).toMatchObject({ type: 'app.approved', client_id: pending.client_id });

    const edit = await send(server, owner, 'PATCH', DEVELOPER_API.client(pending.id), {
      ...validClient({ name: 'Reviewed app, renamed' }),
      logo_url: null,
    });
    expect(edit.status).toBe(200);
    const list = (await (
      await server.fetch('/api/admin/clients', { headers: { authorization: `Bearer ${adminKeyOf(server)}` } })
    ).json()) as { clients: { client_id: string; pending_change: { id: string } | null }[] };
    const changeId = list.clients.find((c) => c.client_id === pending.client_id)?.pending_change?.id ?? '';
    const [reviewed] = await eventsAfter(
      async () => expect((await admin(`/changes/${changeId}/reject`)).status).toBe(200),
      1,
      [reviewedSecret],
    );
    expect(reviewed).toMatchObject({
      type: 'app.changes_reviewed',
      data: { client_id: pending.client_id, decision: 'rejected' },
    });
  });

  it('a dead endpoint is not fed: Re-send and test events wait while 20 deliveries are pending', async () => {
    receiver.failNext(1_000);
    const db = server.deps.dbHandle.db;
    const pending = async () =>
      (
        await db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('client_id', '=', app.client_id)
          .where('delivered_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute()
      ).length;
    while ((await pending()) < 20)
      expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202);
    const refused = await send(server, owner, 'POST', WEBHOOKS_API.test(app.id));
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(
      'Many deliveries to this endpoint are still waiting. Try again once they are delivered.',
    );
    const [any] = await deliveries();
    expect((await send(server, owner, 'POST', WEBHOOKS_API.resend(app.id, any?.id ?? ''))).status).toBe(429);
    expect(await pending()).toBe(20);
    await db
      .updateTable('webhook_deliveries')
      .set({ failed_at: new Date() })
      .where('client_id', '=', app.client_id)
      .where('delivered_at', 'is', null)
      .execute();
    receiver.failNext(0);
  });

  it('removed: pending deliveries are not sent, and the page has no webhook', async () => {
    receiver.failNext(1_000);
    await send(server, owner, 'POST', WEBHOOKS_API.test(app.id));
    const removed = await send(server, owner, 'DELETE', WEBHOOKS_API.webhook(app.id));
    expect(removed.status).toBe(204);
    const none = await send(server, owner, 'GET', WEBHOOKS_API.webhook(app.id));
    expect(((await none.json()) as WebhookResponse).webhook).toBeNull();
    expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(404);
    expect(await errorOf(await send(server, owner, 'DELETE', WEBHOOKS_API.webhook(app.id)))).toMatchObject({
      code: 'not_found',
    });
    receiver.failNext(0);
  });
});
