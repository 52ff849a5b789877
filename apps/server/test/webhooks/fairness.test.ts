import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { errorOf, register, send, validClient } from '../developer/helpers';
import { REDIRECT_URI } from '../oauth/flow';
import { app, eventsAfter, owner, server, useWebhookFixture } from './fixture';

/*
 * One app's endpoint that takes its time cannot hold up another app's events: each delivery goes
 * on its own, and a slow app holds at most three of the worker's slots (and gets no more while
 * any of its own are under way).
 */
useWebhookFixture({ withWebhook: true });

/** An endpoint that keeps every request open until it is told to answer. */
function holdingEndpoint() {
  const held: ServerResponse[] = [];
  let open = 0;
  let mostOpen = 0;
  let droppedByOmnia = 0;
  const endpoint = createServer((req, res) => {
    req.resume();
    open++;
    mostOpen = Math.max(mostOpen, open);
    held.push(res);
    res.on('close', () => {
      open--;
      if (!res.writableEnded) droppedByOmnia++;
    });
  });
  return {
    endpoint,
    state: () => ({ open, mostOpen, droppedByOmnia }),
    answerAll: () => {
      for (const res of held.splice(0)) res.writeHead(200).end();
    },
  };
}

const slow = holdingEndpoint();
afterAll(async () => {
  slow.answerAll();
  await new Promise<void>((done) => slow.endpoint.close(() => done()));
});

describe('webhooks: one slow endpoint', () => {
  it("holds at most three deliveries at once, and another app's event goes out meanwhile", async () => {
    await new Promise<void>((done) => slow.endpoint.listen(0, '127.0.0.1', done));
    const { port } = slow.endpoint.address() as AddressInfo;
    const slowApp = await register(
      server,
      owner,
      validClient({ name: 'Slow', redirect_uris: [REDIRECT_URI] }),
    );
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ status: 'approved' })
      .where('id', '=', slowApp.id)
      .execute();
    const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(slowApp.id), {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['user.updated'],
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await send(server, owner, 'POST', WEBHOOKS_API.test(slowApp.id))).status).toBe(202);
    for (let i = 0; i < 200 && slow.state().open === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(slow.state().open).toBeGreaterThan(0);

    const [ping] = await eventsAfter(async () =>
      expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202),
    );
    expect(ping).toMatchObject({ type: 'ping', data: { client_id: app.client_id } });
    // It arrived while the slow endpoint still held what it was sent, none given up on yet, and
    // never more than three at once.
    const { open, mostOpen, droppedByOmnia } = slow.state();
    expect(open).toBeGreaterThan(0);
    expect(mostOpen).toBeLessThanOrEqual(3);
    expect(droppedByOmnia).toBe(0);
    slow.answerAll();
  });

  it('an app asks for at most 30 test events and re-sends in ten minutes', async () => {
    const busy = await register(server, owner, validClient({ name: 'Busy', redirect_uris: [REDIRECT_URI] }));
    const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(busy.id), {
      url: `http://127.0.0.1:${(slow.endpoint.address() as AddressInfo).port}/busy`,
      events: ['user.updated'],
    });
    expect(saved.status).toBe(200);
    const db = server.deps.dbHandle.db;
    // Each taken at once, so the backlog rule (20 pending) is not what stops them.
    const settle = () =>
      db
        .updateTable('webhook_deliveries')
        .set({ delivered_at: new Date() })
        .where('client_id', '=', busy.client_id)
        .where('delivered_at', 'is', null)
        .execute();
    for (let i = 0; i < 30; i++) {
      expect((await send(server, owner, 'POST', WEBHOOKS_API.test(busy.id))).status).toBe(202);
      await settle();
    }
    const refused = await send(server, owner, 'POST', WEBHOOKS_API.test(busy.id));
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe('Too many attempts. Please try again in 10 minutes.');
    const [one] = (await db
      .selectFrom('webhook_deliveries')
      .select(sql<string>`id::text`.as('id'))
      .where('client_id', '=', busy.client_id)
      .execute()) as { id: string }[];
    expect((await send(server, owner, 'POST', WEBHOOKS_API.resend(busy.id, one?.id ?? ''))).status).toBe(429);
    // Another app of the same developer is not held to it.
    expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202);
  });
});
