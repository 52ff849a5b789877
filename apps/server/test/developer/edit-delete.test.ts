import { DEVELOPER_API } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAs,
  authorizeUrl,
  basicAuth,
  CookieJar,
  insertClient,
  pkce,
  REDIRECT_URI,
  redeemCode,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, pngBytes, send, uploadLogo } from './helpers';

/**
 * Editing and deleting an app: owner only, the registration's rules, one transaction;
 * narrowed scopes end the consents beyond them; a deleted app's grants and tokens end at once.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function rowOf(c: TestClient) {
  return server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .selectAll()
    .where('client_id', '=', c.clientId)
    .executeTakeFirst();
}

/** A user who authorized the app: their tokens, as the app holds them. */
async function signedInUser(client: TestClient, scope = 'openid profile email') {
  const user = await createUser(server);
  const { back, verifier } = await authorizeAs(server, client, user, scope);
  const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as {
    access_token: string;
    refresh_token: string;
  };
  return { user, tokens };
}

const userinfo = (accessToken: string) =>
  server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${accessToken}` } });
const refreshWith = (client: TestClient, token: string) =>
  tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token: token });

const edited = (overrides: Record<string, unknown> = {}) => ({
  name: 'Renamed App',
  description: 'New words',
  logo_url: null,
  redirect_uris: [REDIRECT_URI],
  allowed_scopes: ['profile', 'email'],
  ...overrides,
});

describe('PATCH /api/developer/clients/:id', () => {
  let owner: TestUser;
  let client: TestClient;
  let id: string;
  beforeAll(async () => {
    owner = await createUser(server);
    // In testing mode (not yet approved) every change applies at once (app-changes.test.ts has
    // the approved app's review).
    client = await insertClient(server, owner, { status: 'pending' });
    id = (await rowOf(client))?.id ?? '';
  });

  it('the owner edits name, description, redirect URIs and scopes; the change is in the answer and the row', async () => {
    const res = await send(server, owner, 'PATCH', DEVELOPER_API.client(id), edited());
    expect(res.status).toBe(200);
    const { client: answer } = (await res.json()) as { client: { name: string; description: string } };
    expect(answer).toMatchObject({ name: 'Renamed App', description: 'New words' });
    expect(await rowOf(client)).toMatchObject({ name: 'Renamed App', description: 'New words' });
  });

  it('bad input is a 400 with the registration messages, and nothing changes', async () => {
    const before = await rowOf(client);
    const empty = await send(server, owner, 'PATCH', DEVELOPER_API.client(id), edited({ name: ' ' }));
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields?.name).toBe('Application name is required');
    const badUri = await send(
      server,
      owner,
      'PATCH',
      DEVELOPER_API.client(id),
      edited({ redirect_uris: ['ftp://x'] }),
    );
    expect(badUri.status).toBe(400);
    const noScope = await send(
      server,
      owner,
      'PATCH',
      DEVELOPER_API.client(id),
      edited({ allowed_scopes: [] }),
    );
    expect(noScope.status).toBe(400);
    const foreignLogo = await send(
      server,
      owner,
      'PATCH',
      DEVELOPER_API.client(id),
      edited({ logo_url: '/storage/oauth2-logos/someone-else/x.png' }),
    );
    expect(foreignLogo.status).toBe(400);
    expect(await rowOf(client)).toEqual(before);
  });

  it('anyone else gets 404 and nothing changes', async () => {
    const before = await rowOf(client);
    const stranger = await createUser(server);
    expect(
      (await send(server, stranger, 'PATCH', DEVELOPER_API.client(id), edited({ name: 'Hijacked' }))).status,
    ).toBe(404);
    expect(await rowOf(client)).toEqual(before);
  });

  it('a removed redirect URI stops working for the next authorization at once', async () => {
    const mine = await insertClient(server, owner);
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ redirect_uris: [REDIRECT_URI, 'https://elsewhere.example/cb'] })
      .where('client_id', '=', mine.clientId)
      .execute();
    const mineId = (await rowOf(mine))?.id ?? '';
    const res = await send(
      server,
      owner,
      'PATCH',
      DEVELOPER_API.client(mineId),
      edited({ name: 'Test App', redirect_uris: ['https://elsewhere.example/cb'] }),
    );
    expect(res.status).toBe(200);
    const user = await createUser(server);
    const attempt = await CookieJar.of(user).fetch(server, authorizeUrl(mine, pkce()));
    // The old URI is no longer registered: the error page, never a redirect to it.
    expect(attempt.headers.get('location') ?? '').not.toContain('app.example.test');
  });

  it('narrowing the scopes ends the consents beyond them (tokens too); consents within them stay', async () => {
    const app = await insertClient(server, owner);
    const appId = (await rowOf(app))?.id ?? '';
    const wide = await signedInUser(app, 'openid profile email');
    const narrow = await signedInUser(app, 'openid email');
    expect((await userinfo(wide.tokens.access_token)).status).toBe(200);

    const res = await send(
      server,
      owner,
      'PATCH',
      DEVELOPER_API.client(appId),
      edited({ allowed_scopes: ['email'] }),
    );
    expect(res.status).toBe(200);

    expect((await userinfo(wide.tokens.access_token)).status).toBe(401);
    expect((await refreshWith(app, wide.tokens.refresh_token)).status).toBe(400);
    expect((await userinfo(narrow.tokens.access_token)).status).toBe(200);
    expect((await refreshWith(app, narrow.tokens.refresh_token)).status).toBe(200);
    const apps = (await (await send(server, wide.user, 'GET', '/api/me/connected-apps')).json()) as {
      apps: unknown[];
    };
    expect(apps.apps).toHaveLength(0);
  });

  it('a replaced logo is removed from storage', async () => {
    const app = await insertClient(server, owner);
    const appId = (await rowOf(app))?.id ?? '';
    const upload = async () =>
      ((await (await uploadLogo(server, owner, await pngBytes(), 'logo.png')).json()) as { logo_url: string })
        .logo_url;
    const first = await upload();
    expect(
      (await send(server, owner, 'PATCH', DEVELOPER_API.client(appId), edited({ logo_url: first }))).status,
    ).toBe(200);
    expect((await server.fetch(first)).status).toBe(200);
    const second = await upload();
    expect(
      (await send(server, owner, 'PATCH', DEVELOPER_API.client(appId), edited({ logo_url: second }))).status,
    ).toBe(200);
    expect((await server.fetch(second)).status).toBe(200);
    expect((await server.fetch(first)).status).toBe(404);
  });
});

describe('DELETE /api/developer/clients/:id', () => {
  it("needs the app's name typed; anyone else gets 404; then every grant and token of it ends and it leaves Connected apps", async () => {
    const owner = await createUser(server);
    const app = await insertClient(server, owner, { name: 'Doomed App' });
    const id = (await rowOf(app))?.id ?? '';
    const { user, tokens } = await signedInUser(app);
    const connected = async () =>
      ((await (await send(server, user, 'GET', '/api/me/connected-apps')).json()) as { apps: unknown[] })
        .apps;
    expect(await connected()).toEqual([
      expect.objectContaining({
        name: 'Doomed App',
        redirect_host: 'app.example.test',
        scopes: ['openid', 'profile', 'email'],
      }),
    ]);

    const wrong = await send(server, owner, 'DELETE', DEVELOPER_API.client(id), { confirm: 'Doomed' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields?.confirm).toBe("Type the app's name exactly as shown to delete it");
    const stranger = await createUser(server);
    expect(
      (await send(server, stranger, 'DELETE', DEVELOPER_API.client(id), { confirm: 'Doomed App' })).status,
    ).toBe(404);
    expect((await send(server, owner, 'DELETE', DEVELOPER_API.client(id), {})).status).toBe(400);
    expect(await rowOf(app)).toBeDefined();
    expect((await userinfo(tokens.access_token)).status).toBe(200);

    const done = await send(server, owner, 'DELETE', DEVELOPER_API.client(id), { confirm: 'Doomed App' });
    expect(done.status).toBe(204);
    expect(await rowOf(app)).toBeUndefined();
    expect((await userinfo(tokens.access_token)).status).toBe(401);
    expect((await refreshWith(app, tokens.refresh_token)).status).toBe(401);
    expect(await connected()).toHaveLength(0);
    const left = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select('id')
      .where('client_id', '=', app.clientId)
      .execute();
    expect(left).toHaveLength(0);
    const introspect = await server.fetch('/oauth2/introspect', {
      method: 'POST',
      headers: { authorization: basicAuth(app), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(introspect.status).toBe(401);
    expect((await send(server, owner, 'GET', DEVELOPER_API.client(id))).status).toBe(404);
    expect(
      (await send(server, owner, 'DELETE', DEVELOPER_API.client(id), { confirm: 'Doomed App' })).status,
    ).toBe(404);
  });
});
