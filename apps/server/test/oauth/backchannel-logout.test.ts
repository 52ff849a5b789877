import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf } from '../admin/helpers';
import { errorOf, register, send, validClient } from '../developer/helpers';
import { clientKeys, setSecurity } from '../fapi/fixture';
import type { TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { authorizeAs, REDIRECT_URI, redeemCode } from './flow';
import { startLogoutReceiver } from './logout-receiver';
import { type LogoutWorld, startLogoutWorld } from './logout-world';

/*
 * OpenID Connect Back-Channel Logout 1.0: when a sign-in to an app ends, Omnia POSTs a
 * signed logout token to the app's back-channel logout URI, retried until the app takes it, and
 * the delivery shows on the app's page. A real receiver validates each token with jose.
 */
let world: LogoutWorld;
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let receiver: LogoutWorld['receiver'];
let verifyLogoutToken: LogoutWorld['verifyLogoutToken'];
beforeAll(async () => {
  world = await startLogoutWorld();
  ({ server, owner, app, receiver, verifyLogoutToken } = world);
});
afterAll(() => world?.close());

const signIn = (person: TestUser) => world.signIn(person);
const newestSettled = () => world.newestSettled();
const deliveries = () => world.deliveries();

describe('back-channel logout', () => {
  it('is advertised in discovery', async () => {
    const meta = (await (await server.fetch('/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(meta).toMatchObject({
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
  });

  it('signing out of Omnia: the app gets a logout token naming the person and the session', async () => {
    const person = await createUser(server);
    const { sid } = await signIn(person);
    expect(sid).toMatch(/.+/);
    const out = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(out.status).toBe(204);
    const [token] = await receiver.waitFor(1);
    expect(token).toMatchObject({ sub: person.id, sid, aud: app.client_id, iss: server.config.publicUrl });
    // docs/integrators.md's verification, as written, takes it too.
    expect(await verifyLogoutToken(receiver.raw[0] ?? '', app.client_id)).toEqual({ sub: person.id, sid });
    const listed = await newestSettled();
    expect(listed).toMatchObject({
      reason: 'session_ended',
      with_sid: true,
      state: 'delivered',
      attempts: 1,
      last_status: 200,
    });
  });

  it('a session that expired: the refresh it is refused with tells the app, as a logout would', async () => {
    const person = await createUser(server);
    const { sid } = await signIn(person);
    const before = receiver.raw.length;
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', person.id)
      .execute();
    const refused = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('session_expired');
    const tokens = await receiver.waitFor(before + 1);
    expect(tokens.at(-1)).toMatchObject({ sub: person.id, sid, aud: app.client_id });
  });

  it('revoking the app in Connected apps, and deleting the account, each tell the app, once', async () => {
    const person = await createUser(server);
    const first = await signIn(person);
    const had = receiver.received.length;
    const revoke = await server.fetch(`/api/me/connected-apps/${app.client_id}`, {
      method: 'DELETE',
      headers: person.authHeader,
    });
    expect(revoke.status).toBe(204);
    // One token per live sign-in, each naming its session.
    const afterRevoke = await receiver.waitFor(had + 1);
    expect(afterRevoke.at(-1)).toMatchObject({ sub: person.id, sid: first.sid });

    // Signed in again: deleting the account ends that sign-in. The revoked one was told already
    // (an app the person removed must not go on hearing when they sign out).
    const second = await signIn(person);
    const gone = await server.fetch('/api/me/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...person.authHeader },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(gone.status).toBe(204);
    const afterDelete = await receiver.waitFor(had + 2);
    expect(afterDelete.at(-1)).toMatchObject({ sub: person.id, sid: second.sid });
    // Queued in the deletion's transaction: none is left to come for the first sign-in.
    const queued = await server.deps.dbHandle.db
      .selectFrom('oauth_logout_deliveries')
      .select(['reason', 'sid'])
      .where('sub', '=', person.id)
      .orderBy('created_at')
      .execute();
    expect(queued).toEqual([
      { reason: 'app_revoked', sid: first.sid },
      { reason: 'account_deleted', sid: second.sid },
    ]);
  });

  it('an app that fails is tried again until it takes the token, and the page says so', async () => {
    const person = await createUser(server);
    await signIn(person);
    const had = receiver.received.length;
    receiver.failNext(1);
    await server.fetch(`/api/me/connected-apps/${app.client_id}`, {
      method: 'DELETE',
      headers: person.authHeader,
    });
    let [first] = await deliveries();
    // Counted when claimed; its answer is written once the app has given it.
    for (let i = 0; i < 100 && first?.last_status == null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [first] = await deliveries();
    }
    expect(first).toMatchObject({
      state: 'retrying',
      attempts: 1,
      last_status: 500,
      last_error: 'answered 500',
    });
    expect(new Date(first?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    // Its back-off has passed: the worker's next look (every two seconds) delivers it.
    await server.deps.dbHandle.db
      .updateTable('oauth_logout_deliveries')
      .set({ next_attempt_at: new Date() })
      .where('delivered_at', 'is', null)
      .execute();
    await receiver.waitFor(had + 1);
    const retried = await newestSettled();
    expect(retried).toMatchObject({ state: 'delivered', attempts: 2, last_status: 200, last_error: null });
  });

  it('refuses a URI that is not https (but localhost) or not public, and any for an app without a server', async () => {
    for (const uri of [
      'http://apps.example/logout',
      'ftp://apps.example/logout',
      'https://apps.example/logout#x',
      'nope',
    ]) {
      const res = await send(server, owner, 'PATCH', DEVELOPER_API.settings(app.id), {
        backchannel_logout_uri: uri,
      });
      expect(res.status, uri).toBe(400);
    }
    // Never called, so never saved: a private network's address.
    const internal = await send(server, owner, 'PATCH', DEVELOPER_API.settings(app.id), {
      backchannel_logout_uri: 'https://192.168.1.20/logout',
    });
    expect(internal.status).toBe(400);
    expect((await errorOf(internal)).message).toBe(
      'Use a public address: Omnia does not call private or local networks',
    );
    const spa = await register(
      server,
      owner,
      validClient({ app_type: 'spa', name: 'Browser app', redirect_uris: ['https://spa.example/cb'] }),
    );
    const res = await send(server, owner, 'PATCH', DEVELOPER_API.settings(spa.id), {
      backchannel_logout_uri: 'https://spa.example/logout',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      'Only a web application (one with a server) can receive logout tokens',
    );
    const stranger = await createUser(server);
    expect((await send(server, stranger, 'GET', DEVELOPER_API.logoutDeliveries(app.id))).status).toBe(404);
  });

  it("a FAPI app's logout tokens are signed as its ID tokens are: ES256, never RS256", async () => {
    const fapiOwner = await createUser(server);
    const fapiApp = await register(server, fapiOwner, validClient({ redirect_uris: [REDIRECT_URI] }));
    const fapiSecret = await send(server, fapiOwner, 'GET', DEVELOPER_API.secret(fapiApp.id));
    const fapiClient = {
      clientId: fapiApp.client_id,
      clientSecret: ((await fapiSecret.json()) as { client_secret: string }).client_secret,
      ownerId: fapiOwner.id,
    };
    const fapiReceiver = await startLogoutReceiver(server.config.publicUrl, fapiApp.client_id);
    try {
      const set = await send(server, fapiOwner, 'PATCH', DEVELOPER_API.settings(fapiApp.id), {
        backchannel_logout_uri: fapiReceiver.uri,
      });
      expect(set.status).toBe(200);
      // Its owner signs in to it, then moves it to the FAPI 2.0 profile (its page's Security).
      const { back, verifier } = await authorizeAs(server, fapiClient, fapiOwner);
      expect((await redeemCode(server, fapiClient, back, verifier)).status).toBe(200);
      const { jwks } = await clientKeys();
      await setSecurity(server, fapiOwner, fapiClient, {
        fapi_2: true,
        auth_method: 'private_key_jwt',
        jwks,
      });
      const out = await server.fetch('/api/auth/logout', {
        method: 'POST',
        headers: { cookie: fapiOwner.refreshCookie },
      });
      expect(out.status).toBe(204);
      const [token] = await fapiReceiver.waitFor(1);
      expect(token).toMatchObject({ sub: fapiOwner.id, aud: fapiApp.client_id });
      // Verified against the published keys by the receiver; signed with the ES256 companion key.
      expect(decodeProtectedHeader(fapiReceiver.raw[0] ?? '')).toMatchObject({
        alg: 'ES256',
        typ: 'logout+jwt',
        kid: expect.stringMatching(/-es256$/),
      });
      // Other apps' stay RS256.
      expect(receiver.raw.length).toBeGreaterThan(0);
      for (const raw of receiver.raw) expect(decodeProtectedHeader(raw).alg).toBe('RS256');
    } finally {
      await fapiReceiver.close();
    }
  });

  // Last: it rejects the app every test above signs in to.
  it('an app the operator rejects hears of no more sign-outs, nor of one queued before', async () => {
    const [early, late] = [await createUser(server), await createUser(server)];
    await signIn(early);
    await signIn(late);
    const had = receiver.received.length;
    // Queued while the app was approved, failing its first try: due again after the rejection.
    receiver.failNext(1);
    await server.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: early.refreshCookie } });
    let [queued] = await deliveries();
    for (let i = 0; i < 100 && queued?.last_status == null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [queued] = await deliveries();
    }
    expect(queued).toMatchObject({ state: 'retrying', last_status: 500 });
    const reject = await server.fetch(`/api/admin/clients/${app.client_id}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKeyOf(server)}` },
    });
    expect(reject.status).toBe(200);
    const before = (await deliveries()).length;
    await server.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: late.refreshCookie } });
    await server.deps.dbHandle.db
      .updateTable('oauth_logout_deliveries')
      .set({ next_attempt_at: new Date() })
      .where('delivered_at', 'is', null)
      .execute();
    const settled = await newestSettled();
    expect(settled).toMatchObject({ state: 'failed', last_error: 'the app was rejected' });
    expect((await deliveries()).length).toBe(before);
    expect(receiver.received.length).toBe(had);
  });
});
