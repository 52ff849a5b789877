import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { type ConsentDetails, DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedApp, send, validClient } from '../developer/helpers';
import {
  CookieJar,
  followToClient,
  pkce,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/*
 * The person allows what the consent screen showed them, and no more: an app's scopes, or an
 * API's, widened while the screen was open (both apply at once) are not granted unseen. The
 * decision names what was shown, as the web app sends it; one on a screen that no longer shows
 * everything asked is refused (409), and the screen, asked again, shows what was added.
 */
const REDIRECT = 'https://notes.shown.example/callback';
const ORDERS = 'https://orders.shown.example/api';

let server: TestServer;
let developer: TestUser;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  developer = await createUser(server);
  person = await createUser(server);
});
afterAll(() => server?.close());

const authorizeUrl = (client: TestClient, params: Record<string, string>, challenge: string) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  })}`;

async function screen(jar: CookieJar, uid: string) {
  jar.signIn(person);
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: person.authHeader });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentDetails;
}

/** Allow, naming what the screen showed (as the web app does): the code the app gets, or the refusal. */
async function allow(
  jar: CookieJar,
  uid: string,
  shown: ConsentDetails,
): Promise<{ code?: string; refused?: Response }> {
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...person.authHeader },
    body: JSON.stringify({
      approved: true,
      shown: {
        scopes: shown.scopes,
        apis: (shown.apis ?? []).map((api) => ({
          identifier: api.identifier,
          scopes: api.scopes.map(({ name, description }) => ({ name, description })),
        })),
      },
    }),
  });
  if (res.status !== 200) return { refused: res };
  const { redirect_to } = (await res.json()) as { redirect_to: string };
  return { code: (await followToClient(server, jar, redirect_to)).searchParams.get('code') ?? '' };
}

/**
 * An API (one scope, 'orders:read') registered by the developer, an approved app of theirs, and
 * the person's consent screen for `scope` of that API: what the test then changes and decides.
 */
async function apiOnScreen(name: string, identifier: string, appName: string, scope: string) {
  const created = await send(server, developer, 'POST', DEVELOPER_APIS_API.apis, {
    name,
    identifier,
    scopes: [{ name: 'orders:read', description: 'See your orders' }],
  });
  expect(created.status).toBe(201);
  const { api } = (await created.json()) as ApiCreatedResponse;
  const { client } = await approvedApp(
    server,
    developer,
    validClient({ name: appName, redirect_uris: [REDIRECT] }),
  );
  const jar = CookieJar.of(person);
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(
    server,
    jar,
    authorizeUrl(client, { scope, resource: identifier }, challenge),
  );
  return { api, client, jar, verifier, uid };
}

/** The answer to a decision on a screen the app changed meanwhile: 409, said in the catalogue's words. */
async function expectChanged(refused: Response | undefined) {
  expect(refused?.status).toBe(409);
  expect(await refused?.json()).toMatchObject({ error_description_key: 'messages:consentChanged' });
}

const scopesOfConnected = async (client: TestClient) =>
  (
    (await (await server.fetch('/api/me/connected-apps', { headers: person.authHeader })).json()) as {
      apps: { client_id: string; scopes: string[] }[];
    }
  ).apps.find((a) => a.client_id === client.clientId)?.scopes;

const redeem = async (
  client: TestClient,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
) => {
  const res = await tokenRequest(server, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const widen = (app: OAuthClient, allowed_scopes: string[]) =>
  send(server, developer, 'PATCH', DEVELOPER_API.client(app.id), {
    name: app.name,
    description: app.description,
    logo_url: app.logo_url,
    redirect_uris: app.redirect_uris,
    allowed_scopes,
  });

describe('what changes between the consent screen and Allow', () => {
  it('an Allow that names nothing shown is refused, and grants nothing', async () => {
    const { client } = await approvedApp(
      server,
      developer,
      validClient({ name: 'Unnamed', redirect_uris: [REDIRECT] }),
    );
    const jar = CookieJar.of(person);
    const uid = await startAuthorization(
      server,
      jar,
      authorizeUrl(client, { scope: 'openid profile' }, pkce().challenge),
    );
    await screen(jar, uid);
    const res = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...person.authHeader },
      body: JSON.stringify({ approved: true }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(await scopesOfConnected(client)).toBeUndefined();
  });

  it("an app's e-mail scope, allowed after the screen showed none, is granted only once shown", async () => {
    const { app, client } = await approvedApp(
      server,
      developer,
      validClient({ name: 'Claims Later', redirect_uris: [REDIRECT], allowed_scopes: ['profile'] }),
    );
    const jar = CookieJar.of(person);
    const { verifier, challenge } = pkce();
    const claims = JSON.stringify({ userinfo: { email: null, email_verified: null } });
    const uid = await startAuthorization(
      server,
      jar,
      authorizeUrl(client, { scope: 'openid profile', claims }, challenge),
    );
    const shown = await screen(jar, uid);
    expect(shown.scopes).toEqual(['openid', 'profile']);
    expect((await widen(app, ['profile', 'email'])).status).toBe(200);

    // Allowed as shown, which is no longer all it asks: refused, nothing granted, the screen asks anew.
    const first = await allow(jar, uid, shown);
    await expectChanged(first.refused);
    expect(await scopesOfConnected(client)).toBeUndefined();
    const again = await screen(jar, uid);
    expect(again.scopes).toEqual(['openid', 'profile', 'email']);
    const { code } = await allow(jar, uid, again);
    const token = await redeem(client, code ?? '', verifier);
    const info = (await (
      await server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>;
    expect(info.email).toBe(person.email);
  });

  it("an API's scope, added after the screen showed the API, is granted only once shown", async () => {
    const { api, client, jar, verifier, uid } = await apiOnScreen(
      'Orders API',
      ORDERS,
      'Shop Later',
      'openid orders:read orders:delete',
    );
    const shown = await screen(jar, uid);
    expect(shown.apis?.map((a) => a.scopes.map((s) => s.name))).toEqual([['orders:read']]);
    const patched = await send(server, developer, 'PATCH', DEVELOPER_APIS_API.api(api.id), {
      name: 'Orders API',
      scopes: [
        { name: 'orders:read', description: 'See your orders' },
        { name: 'orders:delete', description: 'Delete all your orders' },
      ],
    });
    expect(patched.status).toBe(200);

    await expectChanged((await allow(jar, uid, shown)).refused);
    const again = await screen(jar, uid);
    expect(again.apis?.map((a) => a.scopes.map((s) => s.name))).toEqual([['orders:read', 'orders:delete']]);
    const { code } = await allow(jar, uid, again);
    const token = await redeem(client, code ?? '', verifier, { resource: ORDERS });
    expect(decodeJwt(token).scope).toBe('orders:read orders:delete');
  });

  it("an API's scope reworded after the screen showed it is granted only once shown in its new words", async () => {
    const identifier = 'https://reworded.example.test/api';
    const { api, client, jar, verifier, uid } = await apiOnScreen(
      'Reworded API',
      identifier,
      'Shop Reworded',
      'openid orders:read',
    );
    const shown = await screen(jar, uid);
    const patched = await send(server, developer, 'PATCH', DEVELOPER_APIS_API.api(api.id), {
      name: 'Reworded API',
      scopes: [{ name: 'orders:read', description: 'See and delete your orders' }],
    });
    expect(patched.status).toBe(200);

    await expectChanged((await allow(jar, uid, shown)).refused);
    const again = await screen(jar, uid);
    expect(again.apis?.[0]?.scopes).toEqual([
      { name: 'orders:read', description: 'See and delete your orders' },
    ]);
    const { code } = await allow(jar, uid, again);
    const token = await redeem(client, code ?? '', verifier, { resource: identifier });
    expect(decodeJwt(token).scope).toBe('orders:read');
  });
});
