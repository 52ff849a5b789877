import { MESSAGES } from '@omnia/contracts';
import {
  type ApiCreatedResponse,
  type ApiListResponse,
  type ApiResponse,
  type CreateApiInput,
  DEVELOPER_APIS_API,
  OWN_NAMES,
} from '@omnia/contracts/apis';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_INTROSPECTION_FAILURES } from '../../src/modules/oauth/api-introspection';
import { register, send, validClient } from '../developer/helpers';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import {
  type ApiWorld,
  introspect,
  ORDERS,
  ordersApi,
  REDIRECT,
  secretOf,
  service,
  serviceToken,
  startApiWorld,
} from './apis';

/*
 * Services and developers' APIs: a developer registers an API (its identifier and
 * scopes); services get JWT access tokens for it with client_credentials (openid-client), apps of
 * other developers only once the API's owner allows them; the API verifies tokens offline with
 * jose (RFC 9068) and introspects them with its own credentials.
 */

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let api: ApiCreatedResponse;
let ownService: OAuthClient;
let strangerService: OAuthClient;
let jwks: ApiWorld['jwks'];

beforeAll(async () => {
  ({ server, owner, stranger, api, ownService, strangerService, jwks } = await startApiWorld());
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
      // A suite service's host, or one below it: tokens for it would pass for the suite's own.
      [{ identifier: 'https://cloudbliss.app/' }, MESSAGES.apiIdentifierSuite],
      [{ identifier: 'https://api.CloudBliss.app/v1' }, MESSAGES.apiIdentifierSuite],
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
      // On the consent screen it heads its scopes: it never reads as Omnia's or a service's.
      [{ identifier: 'https://x.example.test', name: 'Omnia' }, MESSAGES.apiNameReserved],
      [{ identifier: 'https://x.example.test', name: 'Your CloudBliss files' }, MESSAGES.apiNameReserved],
    ];
    for (const [overrides, message] of cases) {
      const res = await send(server, stranger, 'POST', DEVELOPER_APIS_API.apis, ordersApi(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const list = await send(server, stranger, 'GET', DEVELOPER_APIS_API.apis);
    expect(((await list.json()) as ApiListResponse).apis).toEqual([]);
    // The names an API may not take are the suite's, as the services table has them.
    const services = await server.deps.dbHandle.db.selectFrom('services').select('name').execute();
    expect(services.length).toBeGreaterThan(0);
    for (const { name } of services) expect(OWN_NAMES as readonly string[]).toContain(name);
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
    expect(await secretOf(server, owner, ownService)).toMatch(/^[\w-]{43}$/);
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
    const tokens = await serviceToken(server, owner, ownService, { resource: ORDERS, scope: 'orders:read' });
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
    const tokens = await serviceToken(server, owner, ownService, {
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
    expect(await serviceToken(server, owner, ownService, { scope: 'orders:read' })).toMatchObject({
      error: 'invalid_target',
    });
    expect(
      await serviceToken(server, owner, ownService, { resource: 'https://nobody.example.test/', scope: 'x' }),
    ).toMatchObject({ error: 'invalid_target' });
    expect(
      await serviceToken(server, owner, ownService, { resource: ORDERS, scope: 'profile' }),
    ).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it("gives another developer's service only what the API's owner allows, and nothing once disallowed", async () => {
    const before = await serviceToken(server, stranger, strangerService, {
      resource: ORDERS,
      scope: 'orders:read',
    });
    expect(before).toMatchObject({ error: 'invalid_target' });

    const fresh = send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
      client_id: strangerService.client_id,
      scopes: ['orders:read'],
    });
    const allowed = await fresh;
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as ApiResponse).api.access).toEqual([
      { client_id: strangerService.client_id, app_name: null, scopes: ['orders:read'] },
    ]);

    const tokens = await serviceToken(server, stranger, strangerService, {
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
      await serviceToken(server, stranger, strangerService, { resource: ORDERS, scope: 'orders:read' }),
    ).toMatchObject({
      error: 'invalid_target',
    });
    // Its earlier token no longer introspects as active either.
    const seen = await introspect(server, tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await seen.json()).toEqual({ active: false });
  });

  it('introspects a token as what it still counts for once its app is allowed less', async () => {
    const allow = (scopes: string[]) =>
      send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
        client_id: strangerService.client_id,
        scopes,
      });
    await allow(['orders:read', 'orders:write']);
    const tokens = await serviceToken(server, stranger, strangerService, {
      resource: ORDERS,
      scope: 'orders:read orders:write',
    });
    if ('error' in tokens) throw new Error(String(tokens.error));
    const seen = async () =>
      (await introspect(server, tokens.access_token, api.api.credential_id, api.credential_secret)).json();
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
    expect(await serviceToken(server, owner, web, { resource: ORDERS, scope: 'orders:read' })).toMatchObject({
      error: 'invalid_request',
      description: 'requested grant type is not allowed for this client',
    });
  });
});

describe('guessing an API secret', () => {
  it('answers 429 to an address past API_INTROSPECTION_FAILURES wrong secrets of one API; its right secret still works', async () => {
    // The wrong secrets of the tests above counted too: this one starts from none.
    await server.deps.dbHandle.db
      .deleteFrom('rate_limits')
      .where('key', 'like', 'api-introspection:%')
      .execute();
    for (let i = 0; i < API_INTROSPECTION_FAILURES.points; i++) {
      const wrong = await introspect(server, 'x', api.api.credential_id, `guess-${i}`);
      expect(wrong.status).toBe(401);
    }
    const stopped = await introspect(server, 'x', api.api.credential_id, 'one more guess');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone sharing the API's address (a NAT) cannot lock it out: the right secret is answered.
    expect((await introspect(server, 'x', api.api.credential_id, api.credential_secret)).status).toBe(200);
    // Unknown credential ids share one budget per address, apart from the API's.
    for (let i = 0; i < API_INTROSPECTION_FAILURES.points; i++)
      expect((await introspect(server, 'x', `api_unknown${i}`, 'x')).status).toBe(401);
    expect((await introspect(server, 'x', 'api_unknown_more', 'x')).status).toBe(429);
  });
});
