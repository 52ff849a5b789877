import { MESSAGES } from '@omnia/contracts';
import {
  type ApiCreatedResponse,
  type ApiListResponse,
  type ApiResponse,
  type CreateApiInput,
  DEVELOPER_APIS_API,
} from '@omnia/contracts/apis';
import { DEVELOPER_API, type OAuthClient, type SecretResponse } from '@omnia/contracts/developer';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_INTROSPECTION_FAILURES } from '../../src/modules/oauth/api-introspection';
import { register, send, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/*
 * Services and developers' APIs (issue 35): a developer registers an API (its identifier and
 * scopes); services get JWT access tokens for it with client_credentials (openid-client), apps of
 * other developers only once the API's owner allows them; a person's app asks for it with
 * `resource` (RFC 8707) and the consent screen lists its scopes in words; the API verifies tokens
 * offline with jose (RFC 9068) and introspects them with its own credentials.
 */
const ORDERS = 'https://orders.example.test/api';
const REDIRECT = 'https://shop.example.test/callback';
const ordersApi = (overrides: Partial<CreateApiInput> = {}): CreateApiInput => ({
  name: 'Orders API',
  identifier: ORDERS,
  scopes: [
    { name: 'orders:read', description: 'See your orders' },
    { name: 'orders:write', description: 'Place orders for you' },
  ],
  ...overrides,
});
const service = (name: string) =>
  validClient({ app_type: 'service', name, redirect_uris: [], allowed_scopes: [] });

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let api: ApiCreatedResponse;
let ownService: OAuthClient;
let strangerService: OAuthClient;
let jwks: ReturnType<typeof createRemoteJWKSet>;

async function secretOf(user: TestUser, app: OAuthClient): Promise<string> {
  const res = await send(server, user, 'GET', DEVELOPER_API.secret(app.id));
  return ((await res.json()) as SecretResponse).client_secret;
}

async function configFor(user: TestUser, app: OAuthClient) {
  return oidc.discovery(
    new URL(server.url),
    app.client_id,
    undefined,
    oidc.ClientSecretBasic(await secretOf(user, app)),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** client_credentials as a service calls it with openid-client, or the OAuth error it got. */
async function serviceToken(user: TestUser, app: OAuthClient, params: Record<string, string>) {
  try {
    return await oidc.clientCredentialsGrant(await configFor(user, app), params);
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError)
      return { error: err.error, description: err.error_description };
    throw err;
  }
}

function introspect(token: string, id: string, secret: string) {
  return server.fetch('/oauth2/introspect', {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  stranger = await createUser(server);
  const created = await send(server, owner, 'POST', DEVELOPER_APIS_API.apis, ordersApi());
  expect(created.status).toBe(201);
  api = (await created.json()) as ApiCreatedResponse;
  ownService = await register(server, owner, service('Owner worker'));
  strangerService = await register(server, stranger, service('Partner worker'));
  const discovered = await configFor(owner, ownService);
  jwks = createRemoteJWKSet(new URL(discovered.serverMetadata().jwks_uri ?? ''));
});
afterAll(() => server?.close());

describe('registering APIs and services', () => {
  it('refuses what an API cannot be, with a message per field, and registers nothing', async () => {
    const cases: [Partial<CreateApiInput>, string][] = [
      [{ identifier: 'http://orders.example.test/api' }, MESSAGES.apiIdentifierInvalid],
      [{ identifier: 'https://orders.example.test/api#x' }, MESSAGES.apiIdentifierInvalid],
      [{ identifier: 'https://user:pw@orders.example.test/' }, MESSAGES.apiIdentifierInvalid],
      [{ identifier: ORDERS }, MESSAGES.apiIdentifierTaken],
      [{ identifier: `https://${new URL(server.url).hostname}/api` }, MESSAGES.apiIdentifierOurs],
      [{ identifier: 'https://x.example.test', scopes: [] }, MESSAGES.apiScopeRequired],
      [
        { identifier: 'https://x.example.test', scopes: [{ name: 'email', description: 'Mail' }] },
        MESSAGES.apiScopeNameInvalid,
      ],
      [
        {
          identifier: 'https://x.example.test',
          scopes: [
            { name: 'a', description: 'A' },
            { name: 'a', description: 'B' },
          ],
        },
        MESSAGES.apiScopeDuplicate,
      ],
      [
        { identifier: 'https://x.example.test', scopes: [{ name: 'a', description: ' ' }] },
        MESSAGES.apiScopeDescriptionRequired,
      ],
      [{ identifier: 'https://x.example.test', name: '' }, MESSAGES.apiNameRequired],
    ];
    for (const [overrides, message] of cases) {
      const res = await send(server, stranger, 'POST', DEVELOPER_APIS_API.apis, ordersApi(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const list = await send(server, stranger, 'GET', DEVELOPER_APIS_API.apis);
    expect(((await list.json()) as ApiListResponse).apis).toEqual([]);
  });

  it("keeps an API its owner's: anyone else gets 404, a list of their own", async () => {
    expect((await send(server, stranger, 'GET', DEVELOPER_APIS_API.api(api.api.id))).status).toBe(404);
    expect(
      (await send(server, stranger, 'DELETE', DEVELOPER_APIS_API.api(api.api.id), { confirm: 'Orders API' }))
        .status,
    ).toBe(404);
    const own = await send(server, owner, 'GET', DEVELOPER_APIS_API.apis);
    expect(((await own.json()) as ApiListResponse).apis.map((a) => a.identifier)).toEqual([ORDERS]);
  });

  it('gives a service a secret and neither redirect URIs nor Omnia scopes', async () => {
    expect(ownService.app_type).toBe('service');
    expect(await secretOf(owner, ownService)).toMatch(/^[\w-]{43}$/);
    const withUris = await send(server, owner, 'POST', DEVELOPER_API.clients, {
      ...service('Bad'),
      redirect_uris: ['https://x.example.test/cb'],
    });
    expect(withUris.status).toBe(400);
    expect(JSON.stringify(await withUris.json())).toContain(MESSAGES.serviceHasNoUris);
    const withScopes = await send(server, owner, 'POST', DEVELOPER_API.clients, {
      ...service('Bad'),
      allowed_scopes: ['profile'],
    });
    expect(withScopes.status).toBe(400);
    expect(JSON.stringify(await withScopes.json())).toContain(MESSAGES.serviceHasNoScopes);
  });
});

describe('client_credentials for an API', () => {
  it("gives the owner's service a JWT for the API that jose verifies offline (RFC 9068)", async () => {
    const tokens = await serviceToken(owner, ownService, { resource: ORDERS, scope: 'orders:read' });
    if ('error' in tokens) throw new Error(String(tokens.error));
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.expires_in).toBe(900);
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: server.url,
      audience: ORDERS,
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      client_id: ownService.client_id,
      sub: ownService.client_id,
      scope: 'orders:read',
    });
    expect(payload.exp).toBeDefined();
    expect(payload.jti).toBeDefined();
  });

  it('names one API however its host is written, and puts the registered identifier in aud', async () => {
    const tokens = await serviceToken(owner, ownService, {
      resource: 'https://ORDERS.example.test/api',
      scope: 'orders:read',
    });
    if ('error' in tokens) throw new Error(String(tokens.error));
    expect(decodeJwt(tokens.access_token).aud).toBe(ORDERS);
    const again = await send(
      server,
      stranger,
      'POST',
      DEVELOPER_APIS_API.apis,
      ordersApi({ identifier: 'https://Orders.Example.Test/api' }),
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain(MESSAGES.apiIdentifierTaken);
  });

  it("refuses a service without an API, an unknown API and a person's scope", async () => {
    expect(await serviceToken(owner, ownService, { scope: 'orders:read' })).toMatchObject({
      error: 'invalid_target',
    });
    expect(
      await serviceToken(owner, ownService, { resource: 'https://nobody.example.test/', scope: 'x' }),
    ).toMatchObject({ error: 'invalid_target' });
    expect(await serviceToken(owner, ownService, { resource: ORDERS, scope: 'profile' })).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it("gives another developer's service only what the API's owner allows, and nothing once disallowed", async () => {
    const before = await serviceToken(stranger, strangerService, { resource: ORDERS, scope: 'orders:read' });
    expect(before).toMatchObject({ error: 'invalid_target' });

    const fresh = send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
      client_id: strangerService.client_id,
      scopes: ['orders:read'],
    });
    const allowed = await fresh;
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as ApiResponse).api.access).toEqual([
      { client_id: strangerService.client_id, app_name: 'Partner worker', scopes: ['orders:read'] },
    ]);

    const tokens = await serviceToken(stranger, strangerService, {
      resource: ORDERS,
      scope: 'orders:read orders:write',
    });
    if ('error' in tokens) throw new Error(String(tokens.error));
    expect(decodeJwt(tokens.access_token).scope).toBe('orders:read');

    const removed = await send(
      server,
      owner,
      'DELETE',
      DEVELOPER_APIS_API.accessOf(api.api.id, strangerService.client_id),
    );
    expect(((await removed.json()) as ApiResponse).api.access).toEqual([]);
    expect(
      await serviceToken(stranger, strangerService, { resource: ORDERS, scope: 'orders:read' }),
    ).toMatchObject({
      error: 'invalid_target',
    });
    // Its earlier token no longer introspects as active either.
    const seen = await introspect(tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await seen.json()).toEqual({ active: false });
  });

  it('introspects a token as what it still counts for once its app is allowed less', async () => {
    const allow = (scopes: string[]) =>
      send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
        client_id: strangerService.client_id,
        scopes,
      });
    await allow(['orders:read', 'orders:write']);
    const tokens = await serviceToken(stranger, strangerService, {
      resource: ORDERS,
      scope: 'orders:read orders:write',
    });
    if ('error' in tokens) throw new Error(String(tokens.error));
    const seen = async () =>
      (await introspect(tokens.access_token, api.api.credential_id, api.credential_secret)).json();
    expect(await seen()).toMatchObject({ active: true, scope: 'orders:read orders:write' });
    await allow(['orders:read']);
    expect(await seen()).toMatchObject({ active: true, scope: 'orders:read' });
    await send(server, owner, 'DELETE', DEVELOPER_APIS_API.accessOf(api.api.id, strangerService.client_id));
    expect(await seen()).toEqual({ active: false });
  });

  it('refuses to list unknown apps, own apps and scopes the API does not have', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ client_id: 'omnia_nobody', scopes: ['orders:read'] }, MESSAGES.apiAppUnknown],
      [{ client_id: ownService.client_id, scopes: ['orders:read'] }, MESSAGES.apiAppOwn],
      [{ client_id: strangerService.client_id, scopes: ['orders:delete'] }, MESSAGES.apiAccessScopeUnknown],
      [{ client_id: strangerService.client_id, scopes: [] }, MESSAGES.apiAccessScopeUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });

  it('keeps client_credentials from apps that act for people', async () => {
    const web = await register(server, owner, validClient({ name: 'Web shop', redirect_uris: [REDIRECT] }));
    // The engine words it as invalid_request (RFC 6749 would say unauthorized_client).
    expect(await serviceToken(owner, web, { resource: ORDERS, scope: 'orders:read' })).toMatchObject({
      error: 'invalid_request',
      description: 'requested grant type is not allowed for this client',
    });
  });
});

describe("a person's app calling an API", () => {
  it('lists the API scopes in words on the consent screen, and the token is a JWT for the API with the person as sub', async () => {
    const web = await register(server, owner, validClient({ name: 'Shop', redirect_uris: [REDIRECT] }));
    const config = await configFor(owner, web);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile orders:read',
      resource: ORDERS,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const seen = await visit(server, CookieJar.of(owner), owner, url);
    expect(seen.details?.scopes).toEqual(['openid', 'profile']);
    expect(seen.details?.apis).toEqual([
      {
        name: 'Orders API',
        identifier: ORDERS,
        scopes: [{ name: 'orders:read', description: 'See your orders' }],
      },
    ]);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      seen.callback,
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource: ORDERS },
    );
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: server.url,
      audience: ORDERS,
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({ sub: owner.id, client_id: web.client_id, scope: 'orders:read' });
    // It cannot be recalled: a quarter of an hour, like a service's, not a userinfo token's hour.
    expect(tokens.expires_in).toBe(900);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(900);
    expect(tokens.claims()?.sub).toBe(owner.id);

    // The API introspects it with its own credentials: active; nobody else's API learns anything.
    const active = await introspect(tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await active.json()).toMatchObject({
      active: true,
      sub: owner.id,
      client_id: web.client_id,
      aud: ORDERS,
      scope: 'orders:read',
      iss: server.url,
    });
    const other = (await (
      await send(
        server,
        owner,
        'POST',
        DEVELOPER_APIS_API.apis,
        ordersApi({ identifier: 'https://other.example.test/' }),
      )
    ).json()) as ApiCreatedResponse;
    const foreign = await introspect(tokens.access_token, other.api.credential_id, other.credential_secret);
    expect(await foreign.json()).toEqual({ active: false });
    const wrong = await introspect(tokens.access_token, api.api.credential_id, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });

    // A refresh keeps asking for the API.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', { resource: ORDERS });
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: ORDERS, sub: owner.id });

    // Connected apps shows what the app may do on the API, in its developer's words.
    const listed = (await (
      await server.fetch('/api/me/connected-apps', { headers: owner.authHeader })
    ).json()) as {
      apps: { client_id: string; apis: unknown[] }[];
    };
    expect(listed.apps.find((a) => a.client_id === web.client_id)?.apis).toEqual([
      {
        name: 'Orders API',
        identifier: ORDERS,
        scopes: [{ name: 'orders:read', description: 'See your orders' }],
      },
    ]);

    // The person disconnects the app: its API tokens introspect as inactive.
    const revoke = await server.fetch(`/api/me/connected-apps/${web.client_id}`, {
      method: 'DELETE',
      headers: owner.authHeader,
    });
    expect(revoke.status).toBe(204);
    const after = await introspect(tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await after.json()).toEqual({ active: false });
  });

  it('asks people again for a scope the API took away and gave back, never reviving their old consent', async () => {
    const web = await register(server, owner, validClient({ name: 'Shop again', redirect_uris: [REDIRECT] }));
    const config = await configFor(owner, web);
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid orders:read orders:write',
      resource: ORDERS,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const seen = await visit(server, CookieJar.of(owner), owner, url);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      seen.callback,
      { pkceCodeVerifier: verifier },
      { resource: ORDERS },
    );
    expect(decodeJwt(tokens.access_token).scope).toBe('orders:read orders:write');
    const patch = (scopes: { name: string; description: string }[]) =>
      send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(api.api.id), { name: 'Orders API', scopes });
    const [read, write] = ordersApi().scopes;
    expect((await patch([read as { name: string; description: string }])).status).toBe(200);
    // Given back under new words: the person consented to the old ones only.
    expect(
      (await patch([read, { name: 'orders:write', description: 'Delete all your orders' }] as never)).status,
    ).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', { resource: ORDERS });
    expect(decodeJwt(refreshed.access_token).scope).toBe('orders:read');
    expect((await patch([read, write] as never)).status).toBe(200);
  });

  it('keeps userinfo tokens as they were when no API is asked for', async () => {
    const web = await register(server, owner, validClient({ name: 'Plain', redirect_uris: [REDIRECT] }));
    const config = await configFor(owner, web);
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const seen = await visit(server, CookieJar.of(owner), owner, url);
    expect(seen.details?.apis).toBeUndefined();
    const tokens = await oidc.authorizationCodeGrant(config, seen.callback, { pkceCodeVerifier: verifier });
    expect(tokens.access_token.split('.')).toHaveLength(1);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, owner.id);
    expect(info.sub).toBe(owner.id);
    // An API cannot introspect a userinfo token: it is not its audience.
    const seenByApi = await introspect(tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await seenByApi.json()).toEqual({ active: false });
  });

  it('refuses an API the app may not call at the authorization endpoint (invalid_target)', async () => {
    const partner = await register(
      server,
      stranger,
      validClient({ name: 'Partner shop', redirect_uris: [REDIRECT] }),
    );
    const config = await configFor(stranger, partner);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid orders:read',
      resource: ORDERS,
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await CookieJar.of(stranger).fetch(server, `${url.pathname}${url.search}`);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_target');
  });
});

describe("an API's owner changes it", () => {
  it('renames it, drops a scope from every allowance, rotates its secret and deletes it once named', async () => {
    const created = (await (
      await send(
        server,
        owner,
        'POST',
        DEVELOPER_APIS_API.apis,
        ordersApi({ name: 'Stock', identifier: 'https://stock.example.test/' }),
      )
    ).json()) as ApiCreatedResponse;
    const id = created.api.id;
    await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(id), {
      client_id: strangerService.client_id,
      scopes: ['orders:read', 'orders:write'],
    });
    const renamed = await send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(id), {
      name: 'Stock API',
      scopes: [{ name: 'orders:read', description: 'See stock' }],
    });
    expect(renamed.status).toBe(200);
    const { api: changed } = (await renamed.json()) as ApiResponse;
    expect(changed).toMatchObject({ name: 'Stock API', identifier: 'https://stock.example.test/' });
    expect(changed.access).toEqual([
      { client_id: strangerService.client_id, app_name: 'Partner worker', scopes: ['orders:read'] },
    ]);
    const bad = await send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(id), {
      name: 'Stock API',
      scopes: [],
    });
    expect(bad.status).toBe(400);

    const rotated = await send(server, owner, 'POST', DEVELOPER_APIS_API.rotate(id));
    const { credential_secret } = (await rotated.json()) as { credential_secret: string };
    expect(credential_secret).not.toBe(created.credential_secret);
    const oldSecret = await introspect('x', created.api.credential_id, created.credential_secret);
    expect(oldSecret.status).toBe(401);
    const newSecret = await introspect('x', created.api.credential_id, credential_secret);
    expect(await newSecret.json()).toEqual({ active: false });

    const mismatch = await send(server, owner, 'DELETE', DEVELOPER_APIS_API.api(id), { confirm: 'Stock' });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(await mismatch.json())).toContain(MESSAGES.apiDeleteConfirmMismatch);
    const deleted = await send(server, owner, 'DELETE', DEVELOPER_APIS_API.api(id), { confirm: 'Stock API' });
    expect(deleted.status).toBe(204);
    expect((await send(server, owner, 'GET', DEVELOPER_APIS_API.api(id))).status).toBe(404);
    const gone = await serviceToken(stranger, strangerService, {
      resource: 'https://stock.example.test/',
      scope: 'orders:read',
    });
    expect(gone).toMatchObject({ error: 'invalid_target' });
  });
});

describe('guessing an API secret', () => {
  it('stops an address after API_INTROSPECTION_FAILURES wrong secrets, even for the right one', async () => {
    // The wrong secrets of the tests above counted too: this one starts from none.
    await server.deps.dbHandle.db
      .deleteFrom('rate_limits')
      .where('key', 'like', 'api-introspection:%')
      .execute();
    for (let i = 0; i < API_INTROSPECTION_FAILURES.points; i++) {
      const wrong = await introspect('x', api.api.credential_id, `guess-${i}`);
      expect(wrong.status).toBe(401);
    }
    const stopped = await introspect('x', api.api.credential_id, api.credential_secret);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
