import {
  DEVELOPER_API,
  type OAuthClient,
  type PreviousSecretResponse,
  type RotateResponse,
} from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS_PURGE_STEPS } from '../../src/modules/clients';
import { REDIRECT_URI, type TestClient, tokenRequest } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, register, send } from './helpers';

/*
 * Rotation without downtime: the replaced secret keeps working for the grace period the
 * developer picks, its last use shows on the app's page, and 'Revoke old secret now' ends it.
 */
let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** With a bogus code, 400 means the client authenticated and 401 that it did not. */
const bogusCode = {
  grant_type: 'authorization_code',
  code: 'not-a-code',
  redirect_uri: REDIRECT_URI,
  code_verifier: 'x'.repeat(43),
};
const authenticates = async (client: TestClient, secret: string) =>
  (await tokenRequest(server, client, bogusCode, secret)).status;
/** The same with the secret in the body (client_secret_post). */
const authenticatesInBody = async (client: TestClient, secret: string) =>
  (
    await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...bogusCode, client_id: client.clientId, client_secret: secret }),
    })
  ).status;

async function appWithSecret() {
  const app = await register(server, owner);
  const res = await send(server, owner, 'GET', DEVELOPER_API.secret(app.id));
  const { client_secret } = (await res.json()) as { client_secret: string };
  const client: TestClient = { clientId: app.client_id, clientSecret: client_secret, ownerId: owner.id };
  return { app, client, first: client_secret };
}
async function rotate(app: OAuthClient, body?: unknown) {
  const res = await send(server, owner, 'POST', DEVELOPER_API.rotate(app.id), body);
  expect(res.status).toBe(200);
  return (await res.json()) as RotateResponse;
}
const clientOf = async (app: OAuthClient) =>
  ((await (await send(server, owner, 'GET', DEVELOPER_API.client(app.id))).json()) as { client: OAuthClient })
    .client;
const previousOf = (app: OAuthClient, user = owner) =>
  send(server, user, 'GET', DEVELOPER_API.previousSecret(app.id));

describe('rotating a client secret with a grace period', () => {
  it('keeps the old secret working until the chosen end, in the header and in the body', async () => {
    const { app, client, first } = await appWithSecret();
    const before = Date.now();
    const rotated = await rotate(app, { grace: '24h' });
    const ends = new Date(rotated.previous_secret_expires_at ?? 0).getTime();
    expect(ends - before).toBeGreaterThan(86_400_000 - 60_000);
    expect(ends - before).toBeLessThan(86_400_000 + 60_000);
    expect((await clientOf(app)).previous_secret_expires_at).toBe(rotated.previous_secret_expires_at);

    for (const secret of [first, rotated.client_secret]) {
      expect(await authenticates(client, secret)).toBe(400);
      expect(await authenticatesInBody(client, secret)).toBe(400);
    }
    expect(await authenticates(client, `${first.slice(0, -1)}x`)).toBe(401);
    expect(await authenticatesInBody(client, 'not-the-secret')).toBe(401);
  });

  it('says when the old secret was last used, and counts its uses in the statistics', async () => {
    const { app, client, first } = await appWithSecret();
    await rotate(app, { grace: '1h' });
    const unused = (await (await previousOf(app)).json()) as PreviousSecretResponse;
    expect(unused.last_used_at).toBeNull();
    expect(new Date(unused.expires_at).getTime()).toBeGreaterThan(Date.now() + 3_500_000);

    const usedFrom = Date.now() - 1_000;
    expect(await authenticates(client, first)).toBe(400);
    const used = (await (await previousOf(app)).json()) as PreviousSecretResponse;
    expect(new Date(used.last_used_at ?? 0).getTime()).toBeGreaterThanOrEqual(usedFrom);

    const stats = await send(server, owner, 'GET', DEVELOPER_API.stats(app.id));
    expect(((await stats.json()) as { byAction: Record<string, number> }).byAction).toMatchObject({
      secret_rotated: 1,
      old_secret_used: 1,
    });
  });

  it("showing the secret is in the caller's security activity", async () => {
    const { app } = await appWithSecret();
    const kinds = async () =>
      (
        await server.deps.dbHandle.db
          .selectFrom('security_events')
          .select(['kind', 'detail'])
          .where('user_id', '=', owner.id)
          .where('kind', '=', 'client_secret_revealed')
          .execute()
      ).map((e) => e.detail);
    const before = (await kinds()).length;
    expect((await send(server, owner, 'GET', DEVELOPER_API.secret(app.id))).status).toBe(200);
    expect(await kinds()).toHaveLength(before + 1);
    expect(await kinds()).toContainEqual({ app: app.name, app_id: app.id });
  });

  it("'Revoke old secret now' ends it at once and is in the owner's security activity", async () => {
    const { app, client, first } = await appWithSecret();
    const rotated = await rotate(app, { grace: '7d' });
    const revoke = await send(server, owner, 'DELETE', DEVELOPER_API.previousSecret(app.id));
    expect(revoke.status).toBe(204);
    expect(await authenticates(client, first)).toBe(401);
    expect(await authenticates(client, rotated.client_secret)).toBe(400);
    expect((await clientOf(app)).previous_secret_expires_at).toBeNull();
    expect((await previousOf(app)).status).toBe(404);
    // Nothing left to revoke.
    const again = await send(server, owner, 'DELETE', DEVELOPER_API.previousSecret(app.id));
    expect(again.status).toBe(404);
    const events = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', owner.id)
      .where('kind', '=', 'client_old_secret_revoked')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses the old secret once the grace period has ended', async () => {
    const { app, client, first } = await appWithSecret();
    await rotate(app, { grace: '1h' });
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', app.id)
      .execute();
    expect(await authenticates(client, first)).toBe(401);
    expect((await clientOf(app)).previous_secret_expires_at).toBeNull();
    expect((await previousOf(app)).status).toBe(404);
    // Housekeeping then drops its sealed copy.
    expect(await CLIENTS_PURGE_STEPS.oauth2_clients?.(server.deps.dbHandle.db)).toBeGreaterThanOrEqual(1);
    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select(['previous_secret', 'previous_secret_expires_at'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ previous_secret: null, previous_secret_expires_at: null });
  });

  it('a second rotation replaces the previous secret: only the last two work', async () => {
    const { app, client, first } = await appWithSecret();
    const second = await rotate(app, { grace: '1h' });
    const third = await rotate(app, { grace: '1h' });
    expect(await authenticates(client, first)).toBe(401);
    expect(await authenticates(client, second.client_secret)).toBe(400);
    expect(await authenticates(client, third.client_secret)).toBe(400);
  });

  it("'none' (and a bare POST) ends the old secret at once", async () => {
    const { app, client, first } = await appWithSecret();
    const rotated = await rotate(app, { grace: 'none' });
    expect(rotated.previous_secret_expires_at).toBeNull();
    expect(await authenticates(client, first)).toBe(401);
    const bare = await rotate(app);
    expect(bare.previous_secret_expires_at).toBeNull();
    expect(await authenticates(client, rotated.client_secret)).toBe(401);
    expect((await previousOf(app)).status).toBe(404);
  });

  it('an unknown grace period changes nothing; another developer sees no previous secret', async () => {
    const { app, client, first } = await appWithSecret();
    for (const grace of ['2h', '', 3600, null]) {
      const res = await send(server, owner, 'POST', DEVELOPER_API.rotate(app.id), { grace });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('validation_failed');
    }
    expect(await authenticates(client, first)).toBe(400);

    await rotate(app, { grace: '1h' });
    const stranger = await createUser(server);
    expect((await previousOf(app, stranger)).status).toBe(404);
    const revoke = await send(server, stranger, 'DELETE', DEVELOPER_API.previousSecret(app.id));
    expect(revoke.status).toBe(404);
    expect(await authenticates(client, first)).toBe(400);
  });
});
