import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { authorizeAs, insertClient, redeemCode, type TestClient, tokenRequest } from './flow';

let server: TestServer;
let user: TestUser;
let stranger: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server);
  user = await createUser(server);
  stranger = await createUser(server);
  client = await insertClient(server, owner, { name: 'Connected App' });
}, 60_000);
afterAll(() => server?.close());

describe('connected apps', () => {
  it('lists an authorized app; Revoke ends its tokens; nobody else can revoke it', async () => {
    const { back, verifier } = await authorizeAs(server, client, user, 'email');
    const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as Record<
      string,
      string
    >;
    await authorizeAs(server, client, user, 'email'); // a code not redeemed yet
    // Every code and token of the app for this person: each code's family's, and the codes'.
    const issued = () =>
      server.deps.dbHandle.db
        .selectFrom('oidc_models')
        .select('model')
        .where('account_id', '=', user.id)
        .where('client_id', '=', client.clientId)
        .where('model', 'in', ['AuthorizationCode', 'AccessToken', 'RefreshToken'])
        .execute();
    expect(await issued()).toHaveLength(4);

    const list = await server.fetch('/api/me/connected-apps', { headers: user.authHeader });
    expect(list.status).toBe(200);
    const { apps } = (await list.json()) as { apps: { client_id: string; name: string; scopes: string[] }[] };
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      client_id: client.clientId,
      name: 'Connected App',
      scopes: ['openid', 'email'],
    });

    const none = await server.fetch('/api/me/connected-apps', { headers: stranger.authHeader });
    expect(((await none.json()) as { apps: unknown[] }).apps).toEqual([]);
    const foreign = await server.fetch(`/api/me/connected-apps/${client.clientId}`, {
      method: 'DELETE',
      headers: stranger.authHeader,
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await server.fetch('/oauth2/userinfo', {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).status,
    ).toBe(200);

    const revoke = await server.fetch(`/api/me/connected-apps/${client.clientId}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(revoke.status).toBe(204);
    expect(await issued()).toEqual([]);
    expect(
      (
        await server.fetch('/oauth2/userinfo', {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).status,
    ).toBe(401);
    const refresh = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refresh.status).toBe(400);
    const after = await server.fetch('/api/me/connected-apps', { headers: user.authHeader });
    expect(((await after.json()) as { apps: unknown[] }).apps).toEqual([]);
    // Both show in the user's security activity, newest first.
    const log = await server.fetch('/api/me/security-events', { headers: user.authHeader });
    const { events } = (await log.json()) as {
      events: { kind: string; detail: { app?: string }; ip: string | null }[];
    };
    expect(events.slice(0, 2).map((e) => [e.kind, e.detail.app])).toEqual([
      ['app_revoked', 'Connected App'],
      ['app_authorized', 'Connected App'],
    ]);
    // With the address each came from: the owner tells their own decisions from an intruder's.
    for (const event of events.slice(0, 2)) expect(event.ip, event.kind).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    expect((await server.fetch('/api/me/connected-apps')).status).toBe(401);
  });
});
