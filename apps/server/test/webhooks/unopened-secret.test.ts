import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { send } from '../developer/helpers';
import { app, deliveries, eventsAfter, owner, receiver, server, useWebhookFixture } from './fixture';

/*
 * A webhook's signing secret is sealed with SECRET_KEY. One that does not open (the key changed)
 * made every attempt throw before it was recorded: the delivery was claimed again every lease,
 * for ever, and its page said nothing. It is now an attempt that failed, said there, retried with
 * back-off and given up on after a day like any other.
 */
useWebhookFixture({ withWebhook: true });

describe('a webhook whose secret does not open', () => {
  it('is not called; the delivery says why and waits its back-off', async () => {
    await server.deps.dbHandle.db
      .updateTable('app_webhooks')
      .set({ secret: 'sealed-under-another-key' })
      .where('client_id', '=', app.client_id)
      .execute();
    const had = receiver.received.length;
    expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202);
    let newest = (await deliveries())[0];
    for (let i = 0; i < 100 && !newest?.last_error; i++) {
      await new Promise((r) => setTimeout(r, 50));
      newest = (await deliveries())[0];
    }
    expect(newest).toMatchObject({ type: 'ping', state: 'retrying', attempts: 1 });
    expect(newest?.last_error).toMatch(/secret cannot be opened/);
    expect(receiver.received).toHaveLength(had);

    // The developer rotates it, as the delivery says: the new one signs alone, and events go.
    const rotated = await send(server, owner, 'POST', WEBHOOKS_API.rotateSecret(app.id));
    expect(rotated.status).toBe(200);
    const { secret } = (await rotated.json()) as { secret: string };
    const [ping] = await eventsAfter(
      async () => expect((await send(server, owner, 'POST', WEBHOOKS_API.test(app.id))).status).toBe(202),
      1,
      [secret],
    );
    expect(ping?.type).toBe('ping');
  });
});
