import { DEVELOPER_API } from '@omnia/contracts/developer';
import { type SavedWebhookResponse, WEBHOOKS_API, type WebhookResponse } from '@omnia/contracts/webhooks';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminKeyOf, approveAsListed } from '../admin/helpers';
import { giveProfile } from '../conformance/rp';
import { approvedApp, register, send, validClient } from '../developer/helpers';
import { authorizeAs, REDIRECT_URI, redeemCode } from '../oauth/flow';
import { createUser } from '../support/users';
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
  signIn,
  useWebhookFixture,
} from './fixture';

/*
 * Webhooks: an app subscribes an endpoint to events; each event is queued with what
 * caused it and POSTed signed (HMAC-SHA256 over the timestamp and the body) to a real endpoint,
 * where docs/integrators.md's verification, as written, checks every one. Delivery, retries and
 * the secret's rotation are in delivery.test.ts.
 */
useWebhookFixture();

describe('webhooks: the endpoint and the events', () => {
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
      // Never called, so never saved: a private network's address.
      [
        { url: 'https://10.1.2.3/omnia', events: ['user.updated'] },
        'Use a public address: Omnia does not call private or local networks',
      ],
      [
        { url: 'https://[::ffff:a9fe:a9fe]/latest', events: ['user.updated'] },
        'Use a public address: Omnia does not call private or local networks',
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
    setSecret(first.secret ?? '');
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
      async () => expect((await approveAsListed(server, pending.client_id)).status).toBe(200),
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
    // The owner's new name approved as the publisher is no new decision on the app: no event.
    await giveProfile(server, owner, 'Renamed Owner');
    expect((await approveAsListed(server, pending.client_id)).status).toBe(200);
    const approvals = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries
      where client_id = ${pending.client_id} and type = 'app.approved'`.execute(server.deps.dbHandle.db);
    expect(approvals.rows[0]?.n).toBe(1);
  });

  it('a rejected app hears of its rejection, and nothing more of the people who used it', async () => {
    const { app: rejected, client } = await approvedApp(
      server,
      owner,
      validClient({ name: 'Rejected later', redirect_uris: [REDIRECT_URI] }),
    );
    const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(rejected.id), {
      url: receiver.url,
      events: ['user.updated', 'user.deleted', 'grant.revoked', 'app.rejected'],
    });
    const hookSecret = ((await saved.json()) as SavedWebhookResponse).secret ?? '';
    const [user, leaver] = [await createUser(server), await createUser(server)];
    for (const person of [user, leaver]) {
      const { back, verifier } = await authorizeAs(server, client, person, 'openid profile email');
      expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
    }
    const [before] = await eventsAfter(() => giveProfile(server, user, 'Renamed Before'), 1, [hookSecret]);
    expect(before).toMatchObject({ type: 'user.updated', client_id: rejected.client_id });
    const [delivered] = await deliveries(rejected.id);
    const [told] = await eventsAfter(
      async () => {
        const reject = await server.fetch(`/api/admin/clients/${rejected.client_id}/reject`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminKeyOf(server)}` },
        });
        expect(reject.status).toBe(200);
      },
      1,
      [hookSecret],
    );
    expect(told).toMatchObject({ type: 'app.rejected', client_id: rejected.client_id });

    await giveProfile(server, user, 'Renamed After Rejection');
    await server.fetch(`/api/me/connected-apps/${rejected.client_id}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    const gone = await server.fetch('/api/me/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...leaver.authHeader },
      body: JSON.stringify({ email: leaver.email, password: leaver.password }),
    });
    expect(gone.status).toBe(204);
    const queued = await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('type')
      .where('client_id', '=', rejected.client_id)
      .execute();
    expect(queued.map((q) => q.type)).toEqual(['user.updated', 'app.rejected']);

    // Sent again from the app's page after the rejection: withheld, said on the page.
    const heard = receiver.received.length;
    const resent = await send(server, owner, 'POST', WEBHOOKS_API.resend(rejected.id, delivered?.id ?? ''));
    expect(resent.status).toBe(202);
    let [again] = await deliveries(rejected.id);
    for (let i = 0; i < 100 && again?.state === 'retrying'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [again] = await deliveries(rejected.id);
    }
    expect(again).toMatchObject({
      type: 'user.updated',
      state: 'failed',
      last_error: 'not called: the app was rejected',
    });
    expect(receiver.received.length).toBe(heard);
  });
});
