import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { emailChangeCalls } from '../accounts/email-change-support';
import { send } from '../developer/helpers';
import { createUser, uniqueEmail } from '../support/users';
import { app, owner, server, signIn, useWebhookFixture } from '../webhooks/fixture';

/*
 * A confirmed change of address tells every app the person signed in to (`user.updated`,
 * ['email']). The cancel link moves the address back (or parks it) and ends the apps' grants: the
 * apps hear of both, or they would keep the changed address and a grant they think is live.
 */
useWebhookFixture();
const calls = emailChangeCalls(() => server);

const eventsFor = async (personId: string) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('type')
      .where('body', 'like', `%${personId}%`)
      .orderBy('created_at')
      .execute()
  ).map((r) => r.type);

describe('the cancel link and the apps the person uses', () => {
  it('tells the apps that the address went back and that their grant ended', async () => {
    const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: 'https://hooks.example/omnia',
      events: ['user.updated', 'grant.revoked'],
    });
    expect(saved.status).toBe(200);
    const person = await createUser(server);
    await signIn(person, 'openid email');

    const intruderAddress = uniqueEmail('intruder');
    expect((await calls.request(person, intruderAddress)).status).toBe(202);
    const cancelAt = await calls.cancelLink(person.email);
    expect((await calls.confirm(await calls.confirmLink(intruderAddress))).status).toBe(200);
    // The app heard of the intruder's address.
    expect(await eventsFor(person.id)).toEqual(['user.updated']);

    const cancelled = await calls.cancel(cancelAt);
    expect(cancelled.status).toBe(200);
    expect(await calls.emailOf(person.id)).toBe(person.email);
    // Both written in the cancel's transaction, at one time: their order among themselves is open.
    expect((await eventsFor(person.id)).sort()).toEqual(['grant.revoked', 'user.updated', 'user.updated']);
  });
});
