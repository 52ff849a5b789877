import { DEVELOPER_API } from '@omnia/contracts/developer';
import { type SavedWebhookResponse, WEBHOOKS_API, type WebhookResponse } from '@omnia/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { errorOf, register, send, validClient } from '../developer/helpers';
import { REDIRECT_URI } from '../oauth/flow';
import {
  app,
  deliveries,
  eventsAfter,
  newestSettled,
  owner,
  receiver,
  secret,
  server,
  setSecret,
  useWebhookFixture,
  verifyWebhook,
} from './fixture';

/*
 * Webhook delivery: retried until the endpoint takes the event, given up on after a
 * day, sent again on request, never fed a backlog, signed by both secrets during a rotation.
 */
useWebhookFixture({ withWebhook: true });

/** Gives up on every waiting delivery of the app, and lets the endpoint answer again. */
async function giveUpWaiting() {
  await server.deps.dbHandle.db
    .updateTable('webhook_deliveries')
    .set({ failed_at: new Date() })
    .where('client_id', '=', app.client_id)
    .where('delivered_at', 'is', null)
    .execute();
  receiver.failNext(0);
}

/** How many of the app's deliveries wait (neither delivered nor given up on). */
const pending = async () =>
  (
    await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('client_id', '=', app.client_id)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute()
  ).length;

describe('webhooks: delivery', () => {
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
    setSecret(body.secret ?? '');
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

  it('a dead endpoint is not fed: Re-send and test events wait while 20 deliveries are pending', async () => {
    receiver.failNext(1_000);
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
    await giveUpWaiting();
  });

  it('test events racing at the edge of the backlog: one is queued, the others wait (on any instance)', async () => {
    const db = server.deps.dbHandle.db;
    // 19 waiting, none due soon (the worker leaves them be); the one queued stays waiting too.
    receiver.failNext(1_000);
    const later = new Date(Date.now() + 3600_000);
    await db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 19 - (await pending()) }, (_, i) => ({
          event_id: `evt_backlog_${i}`,
          client_id: app.client_id,
          type: 'ping',
          body: '{}',
          next_attempt_at: later,
        })),
      )
      .execute();
    expect(await pending()).toBe(19);
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => send(server, owner, 'POST', WEBHOOKS_API.test(app.id))),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([202, 429, 429, 429, 429, 429]);
    expect(await pending()).toBe(20);
    await giveUpWaiting();
  });

  it('an app deleted while a test event of it is queued: both answer, neither is a 500', async () => {
    let deletion = 100;
    for (let round = 0; round < 10; round++) {
      const name = `Short-lived ${round}`;
      const doomed = await register(server, owner, validClient({ name, redirect_uris: [REDIRECT_URI] }));
      const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(doomed.id), {
        url: receiver.url,
        events: ['user.updated'],
      });
      expect(saved.status).toBe(200);
      const started = Date.now();
      const [deleted, tested] = await Promise.all([
        send(server, owner, 'DELETE', DEVELOPER_API.client(doomed.id), { confirm: name }).finally(() => {
          deletion = Date.now() - started;
        }),
        new Promise((wake) => setTimeout(wake, Math.random() * deletion * 1.2)).then(() =>
          send(server, owner, 'POST', WEBHOOKS_API.test(doomed.id)),
        ),
      ]);
      expect(deleted.status, await deleted.clone().text()).toBe(204);
      expect([202, 404], await tested.clone().text()).toContain(tested.status);
    }
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
