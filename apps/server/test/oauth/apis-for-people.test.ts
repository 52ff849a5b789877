import { MESSAGES } from '@omnia/contracts';
import { type ApiCreatedResponse, type ApiResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import type { OAuthClient } from '@omnia/contracts/developer';
import { decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import {
  type ApiWorld,
  authorizeForApi,
  configFor,
  introspect,
  ORDERS,
  ordersApi,
  REDIRECT,
  serviceToken,
  startApiWorld,
} from './apis';

/*
 * A person's app calling a developer's API: it asks with `resource` (RFC 8707), the
 * consent screen and Connected apps list the API's scopes in words, the token is a JWT for the API
 * with the person as sub, and what the API's owner changes reaches people's consents.
 */

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let api: ApiCreatedResponse;
let strangerService: OAuthClient;
let jwks: ApiWorld['jwks'];

beforeAll(async () => {
  ({ server, owner, stranger, api, strangerService, jwks } = await startApiWorld());
});
afterAll(() => server?.close());

describe("a person's app calling an API", () => {
  it('lists the API scopes in words on the consent screen, and the token is a JWT for the API with the person as sub', async () => {
    const web = await register(server, owner, validClient({ name: 'Shop', redirect_uris: [REDIRECT] }));
    const config = await configFor(server, owner, web);
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
    const active = await introspect(
      server,
      tokens.access_token,
      api.api.credential_id,
      api.credential_secret,
    );
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
    const foreign = await introspect(
      server,
      tokens.access_token,
      other.api.credential_id,
      other.credential_secret,
    );
    expect(await foreign.json()).toEqual({ active: false });
    const wrong = await introspect(server, tokens.access_token, api.api.credential_id, 'not-the-secret');
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
    const after = await introspect(server, tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await after.json()).toEqual({ active: false });
  });

  it('asks people again for a scope the API took away and gave back, never reviving their old consent', async () => {
    const web = await register(server, owner, validClient({ name: 'Shop again', redirect_uris: [REDIRECT] }));
    const { config, tokens } = await authorizeForApi(server, owner, web, {
      scope: 'openid orders:read orders:write',
      resource: ORDERS,
    });
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
    // Reworded in place, in one edit: the consent to the old words goes as well.
    expect(
      (await patch([{ name: 'orders:read', description: 'Read and cancel your orders' }, write] as never))
        .status,
    ).toBe(200);
    const reworded = await oidc.refreshTokenGrant(config, refreshed.refresh_token ?? '', {
      resource: ORDERS,
    });
    expect(decodeJwt(reworded.access_token).scope).toBeUndefined();
    // A token for nothing of the API is no access: its introspection says so.
    const nothing = await introspect(
      server,
      reworded.access_token,
      api.api.credential_id,
      api.credential_secret,
    );
    expect(await nothing.json()).toEqual({ active: false });
    expect((await patch([read, write] as never)).status).toBe(200);
  });

  it('keeps userinfo tokens as they were when no API is asked for', async () => {
    const web = await register(server, owner, validClient({ name: 'Plain', redirect_uris: [REDIRECT] }));
    const { config, seen, tokens } = await authorizeForApi(server, owner, web, { scope: 'openid profile' });
    expect(seen.details?.apis).toBeUndefined();
    expect(tokens.access_token.split('.')).toHaveLength(1);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, owner.id);
    expect(info.sub).toBe(owner.id);
    // An API cannot introspect a userinfo token: it is not its audience.
    const seenByApi = await introspect(
      server,
      tokens.access_token,
      api.api.credential_id,
      api.credential_secret,
    );
    expect(await seenByApi.json()).toEqual({ active: false });
  });

  it('refuses an API the app may not call at the authorization endpoint (invalid_target)', async () => {
    const partner = await register(
      server,
      stranger,
      validClient({ name: 'Partner shop', redirect_uris: [REDIRECT] }),
    );
    const config = await configFor(server, stranger, partner);
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
      { client_id: strangerService.client_id, app_name: null, scopes: ['orders:read'] },
    ]);
    const bad = await send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(id), {
      name: 'Stock API',
      scopes: [],
    });
    expect(bad.status).toBe(400);

    const rotated = await send(server, owner, 'POST', DEVELOPER_APIS_API.rotate(id));
    const { credential_secret } = (await rotated.json()) as { credential_secret: string };
    expect(credential_secret).not.toBe(created.credential_secret);
    const oldSecret = await introspect(server, 'x', created.api.credential_id, created.credential_secret);
    expect(oldSecret.status).toBe(401);
    const newSecret = await introspect(server, 'x', created.api.credential_id, credential_secret);
    expect(await newSecret.json()).toEqual({ active: false });

    const mismatch = await send(server, owner, 'DELETE', DEVELOPER_APIS_API.api(id), { confirm: 'Stock' });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(await mismatch.json())).toContain(MESSAGES.apiDeleteConfirmMismatch);
    const deleted = await send(server, owner, 'DELETE', DEVELOPER_APIS_API.api(id), { confirm: 'Stock API' });
    expect(deleted.status).toBe(204);
    expect((await send(server, owner, 'GET', DEVELOPER_APIS_API.api(id))).status).toBe(404);
    const gone = await serviceToken(server, stranger, strangerService, {
      resource: 'https://stock.example.test/',
      scope: 'orders:read',
    });
    expect(gone).toMatchObject({ error: 'invalid_target' });
  });
});
