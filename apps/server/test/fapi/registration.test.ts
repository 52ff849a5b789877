import { API } from '@omnia/contracts/api';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import type { NotificationsResponse } from '@omnia/contracts/notifications';
import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import { REDIRECT_URI } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { clientKeys } from './fixture';
import { initialToken as initialTokenOf, manage, registerWith } from './registration-support';

/**
 * Dynamic client registration (RFC 7591/7592): a developer's initial access token, openid-client's
 * registration with it, the app it makes (pending, the developer's), and its registration access token.
 */
let server: TestServer;
let developer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  developer = await createUser(server);
});
afterAll(() => server?.close());

const http = { execute: [oidc.allowInsecureRequests] };

const initialToken = (maxUses = 5, user = developer) => initialTokenOf(server, user, maxUses);
const register = (token: string | undefined, metadata: object) => registerWith(server, token, metadata);

const listed = async () =>
  ((await (await send(server, developer, 'GET', DEVELOPER_API.clients)).json()) as { clients: OAuthClient[] })
    .clients;

describe('dynamic client registration', () => {
  it('openid-client registers an app with an initial access token; it is pending, the developer’s, and signs in', async () => {
    const { token } = await initialToken();
    expect(token).toMatch(/^omnia_iat_/);
    const config = await oidc.dynamicClientRegistration(
      new URL(server.url),
      { client_name: 'Tool-made app', redirect_uris: [REDIRECT_URI], scope: 'openid profile' },
      undefined,
      { ...http, initialAccessToken: token },
    );
    const meta = config.clientMetadata();
    expect(meta.client_id).toMatch(/^omnia_/);
    expect(meta.client_secret).toBeTruthy();
    expect(meta.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(meta.registration_access_token).toMatch(/^omnia_rat_/);
    expect(meta.registration_client_uri).toBe(`${server.url}/oauth2/register/${meta.client_id}`);

    const app = (await listed()).find((c) => c.client_id === meta.client_id);
    expect(app).toMatchObject({
      name: 'Tool-made app',
      status: 'pending',
      app_type: 'web',
      allowed_scopes: ['profile'],
    });
    const tokens = (await (await send(server, developer, 'GET', REGISTRATION_TOKENS_API.tokens)).json()) as {
      tokens: { uses: number }[];
    };
    expect(tokens.tokens[0]?.uses).toBe(1);
    // Its developer hears of it, with the token's name (a leaked token shows).
    const notices = (await (
      await send(server, developer, 'GET', API.me.notifications)
    ).json()) as NotificationsResponse;
    expect(notices.notifications[0]).toMatchObject({
      kind: 'app_registered',
      data: { app: 'Tool-made app', token: 'CI pipeline' },
    });

    // In testing mode its developer signs in to it.
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await visit(server, CookieJar.of(developer), developer, url);
    const grant = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(grant.claims()?.sub).toBe(developer.id);
  });

  it('the registration access token reads, updates and deletes its app (RFC 7592), and nothing else', async () => {
    const { token } = await initialToken();
    const made = (await (
      await register(token, { client_name: 'Managed', redirect_uris: [REDIRECT_URI] })
    ).json()) as {
      client_id: string;
      registration_access_token: string;
      registration_client_uri: string;
    };
    const uri = made.registration_client_uri;
    const read = await manage(uri, made.registration_access_token);
    expect(read.status).toBe(200);
    const current = (await read.json()) as Record<string, unknown>;
    expect(current).toMatchObject({
      client_id: made.client_id,
      client_name: 'Managed',
      registration_access_token: made.registration_access_token,
    });
    expect(current.client_secret).toBeUndefined();

    // An update answers with a new token; the one it was sent with stops.
    const updated = await manage(uri, made.registration_access_token, 'PUT', {
      ...current,
      client_name: 'Managed, renamed',
      scope: 'openid email',
    });
    expect(updated.status).toBe(200);
    const after = (await updated.json()) as { registration_access_token: string };
    expect(after).toMatchObject({ client_name: 'Managed, renamed', scope: 'openid email' });
    expect(after.registration_access_token).not.toBe(made.registration_access_token);
    expect((await manage(uri, made.registration_access_token)).status).toBe(401);
    const rat = after.registration_access_token;
    const noId = await manage(uri, rat, 'PUT', { client_name: 'x', redirect_uris: [REDIRECT_URI] });
    expect(await noId.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // A body that is not JSON with a token that does not count: the token is what is said.
    const garbled = await fetch(uri, {
      method: 'PUT',
      headers: { authorization: 'Bearer omnia_rat_nothing', 'content-type': 'application/json' },
      body: '{',
    });
    expect(garbled.status).toBe(401);

    // Another app's registration URI with this token: refused, as an unknown token is.
    const other = (await (
      await register(token, { client_name: 'Other', redirect_uris: [REDIRECT_URI] })
    ).json()) as {
      client_id: string;
      registration_client_uri: string;
    };
    expect((await manage(other.registration_client_uri, rat)).status).toBe(401);

    expect((await manage(uri, rat, 'DELETE')).status).toBe(204);
    expect((await listed()).some((c) => c.client_id === made.client_id)).toBe(false);
    expect((await manage(uri, rat)).status).toBe(401);
  });

  it('refuses a missing, unknown, used-up or revoked token, and metadata the console refuses, taking no use', async () => {
    // Another method is answered here, never with the web app's page (or its absence).
    const typed = await server.fetch('/oauth2/register');
    expect(typed.status).toBe(405);
    expect(typed.headers.get('allow')).toBe('POST');
    expect(await typed.json()).toMatchObject({ error: 'invalid_request' });
    expect((await server.fetch('/oauth2/register/omnia_x', { method: 'PATCH' })).status).toBe(405);
    const missing = await register(undefined, { client_name: 'A', redirect_uris: [REDIRECT_URI] });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(
      (await register('omnia_iat_unknown', { client_name: 'A', redirect_uris: [REDIRECT_URI] })).status,
    ).toBe(401);

    const once = await initialToken(1);
    const evil = await register(once.token, { client_name: 'A', redirect_uris: ['http://evil.example/cb'] });
    expect(evil.status).toBe(400);
    expect(await evil.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const nameless = await register(once.token, { redirect_uris: [REDIRECT_URI] });
    expect(await nameless.json()).toMatchObject({
      error: 'invalid_client_metadata',
      error_description: 'client_name: Application name is required',
    });
    const post = await register(once.token, {
      client_name: 'A',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(await post.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // Still its one use: it registers now, and then no more.
    expect((await register(once.token, { client_name: 'A', redirect_uris: [REDIRECT_URI] })).status).toBe(
      201,
    );
    expect((await register(once.token, { client_name: 'B', redirect_uris: [REDIRECT_URI] })).status).toBe(
      401,
    );

    const revoked = await initialToken();
    expect((await send(server, developer, 'DELETE', REGISTRATION_TOKENS_API.token(revoked.id))).status).toBe(
      204,
    );
    expect((await register(revoked.token, { client_name: 'C', redirect_uris: [REDIRECT_URI] })).status).toBe(
      401,
    );
    // Nobody else revokes a developer's token.
    const live = await initialToken();
    const stranger = await createUser(server);
    expect((await send(server, stranger, 'DELETE', REGISTRATION_TOKENS_API.token(live.id))).status).toBe(404);
  });

  it('a registration access token stops when the app changes owner, and cannot strip a FAPI app of its key', async () => {
    const { token } = await initialToken();
    const { jwks } = await clientKeys('PS256');
    const made = (await (
      await register(token, {
        client_name: 'Bank tool app',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks,
      })
    ).json()) as { client_id: string; registration_access_token: string; registration_client_uri: string };
    const app = (await listed()).find((c) => c.client_id === made.client_id);
    const profile = await send(server, developer, 'PUT', DEVELOPER_API.security(app?.id ?? ''), {
      ...app?.security,
      fapi_2: true,
    });
    expect(profile.status).toBe(200);
    const current = (await (
      await manage(made.registration_client_uri, made.registration_access_token)
    ).json()) as object;
    // The read says what the profile changed: its ID tokens are ES256 now (FAPI 2.0 §5.4).
    expect(current).toMatchObject({
      id_token_signed_response_alg: 'ES256',
      require_pushed_authorization_requests: true,
    });
    const downgrade = await manage(made.registration_client_uri, made.registration_access_token, 'PUT', {
      ...current,
      token_endpoint_auth_method: 'client_secret_basic',
      jwks: undefined,
    });
    expect(downgrade.status).toBe(400);
    expect(await downgrade.json()).toMatchObject({ error: 'invalid_client_metadata' });
    const still = (await listed()).find((c) => c.client_id === made.client_id);
    expect(still?.security).toMatchObject({ fapi_2: true, auth_method: 'private_key_jwt' });

    // Handed to someone else, the app is theirs alone.
    const heir = await createUser(server);
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ user_id: heir.id })
      .where('client_id', '=', made.client_id)
      .execute();
    expect((await manage(made.registration_client_uri, made.registration_access_token)).status).toBe(401);
    expect(
      (await manage(made.registration_client_uri, made.registration_access_token, 'DELETE')).status,
    ).toBe(401);
  });

  it('the app’s page shows that a tool registered it, and ends the tool’s access', async () => {
    const { token } = await initialToken();
    const made = (await (
      await register(token, { client_name: 'Tooled', redirect_uris: [REDIRECT_URI] })
    ).json()) as {
      client_id: string;
      registration_access_token: string;
      registration_client_uri: string;
    };
    const app = (await listed()).find((c) => c.client_id === made.client_id);
    const path = REGISTRATION_TOKENS_API.appRegistration(app?.id ?? '');
    const status = (await (await send(server, developer, 'GET', path)).json()) as {
      registered_at: string | null;
    };
    expect(status.registered_at).toEqual(expect.any(String));
    const stranger = await createUser(server);
    expect((await send(server, stranger, 'GET', path)).status).toBe(404);
    expect((await send(server, stranger, 'DELETE', path)).status).toBe(404);
    for (const bad of ['not-a-uuid', '123', "x'--"])
      expect(
        (await send(server, developer, 'DELETE', REGISTRATION_TOKENS_API.appRegistration(bad))).status,
      ).toBe(404);

    expect((await send(server, developer, 'DELETE', path)).status).toBe(204);
    expect((await manage(made.registration_client_uri, made.registration_access_token)).status).toBe(401);
    expect(await (await send(server, developer, 'GET', path)).json()).toEqual({ registered_at: null });
    // The app itself stays, and the change is in its history as any change of it.
    expect((await listed()).some((c) => c.client_id === made.client_id)).toBe(true);
    const history = await send(server, developer, 'GET', DEVELOPER_API.history(app?.id ?? ''));
    const { changes } = (await history.json()) as { changes: { fields: string[]; state: string }[] };
    expect(changes[0]).toMatchObject({ fields: ['registration'], state: 'applied' });
    // Nothing left to end: 404, and nothing more recorded.
    expect((await send(server, developer, 'DELETE', path)).status).toBe(404);
    const again = await send(server, developer, 'GET', DEVELOPER_API.history(app?.id ?? ''));
    expect(((await again.json()) as { changes: unknown[] }).changes).toHaveLength(changes.length);
  });

  it('refuses a logout URI the console refuses', async () => {
    const { token } = await initialToken();
    for (const uri of ['not a url at all', 'http://10.0.0.1/logout', 'https://10.0.0.1/logout']) {
      const res = await register(token, {
        client_name: 'L',
        redirect_uris: [REDIRECT_URI],
        backchannel_logout_uri: uri,
      });
      expect(res.status, uri).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    }
  });

  it('of two tools racing for a token’s last use, exactly one registers', async () => {
    const { token } = await initialToken(1);
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        register(token, { client_name: name, redirect_uris: [REDIRECT_URI] }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 401, 401]);
  });

  it('registers native, device and service apps, and private_key_jwt with DPoP', async () => {
    const { token } = await initialToken(10);
    const native = await register(token, {
      client_name: 'Phone',
      redirect_uris: ['com.example.phone:/cb'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    expect(await native.json()).toMatchObject({
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    const device = await register(token, {
      client_name: 'TV',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
      token_endpoint_auth_method: 'none',
    });
    expect(device.status).toBe(201);
    const service = await register(token, { client_name: 'Batch', grant_types: ['client_credentials'] });
    const serviceBody = (await service.json()) as Record<string, unknown>;
    expect(serviceBody).toMatchObject({ grant_types: ['client_credentials'], scope: 'openid' });
    // A service gets no ID token; every other app is told what signs its ID tokens (RFC 7591 §3.2.1).
    expect(serviceBody.id_token_signed_response_alg).toBeUndefined();
    const { jwks } = await clientKeys('ES256');
    const keyed = await register(token, {
      client_name: 'Keyed',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks,
      dpop_bound_access_tokens: true,
    });
    const body = (await keyed.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks,
      dpop_bound_access_tokens: true,
      id_token_signed_response_alg: 'RS256',
    });
    expect(body.client_secret).toBeUndefined();
    const app = (await listed()).find((c) => c.client_id === body.client_id);
    expect(app?.security).toMatchObject({ auth_method: 'private_key_jwt', require_dpop: true });
  });

  it('an update from a private key back to a secret answers with the new secret, which authenticates', async () => {
    const { token } = await initialToken();
    const { jwks } = await clientKeys('ES256');
    const made = (await (
      await register(token, {
        client_name: 'Key then secret',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks,
      })
    ).json()) as Record<string, unknown> & {
      registration_client_uri: string;
      registration_access_token: string;
    };
    const { registration_access_token: _t, registration_client_uri: _u, ...current } = made;
    const update = (rat: string, metadata: Record<string, unknown>) =>
      manage(made.registration_client_uri, rat, 'PUT', metadata);
    const switched = await update(made.registration_access_token, {
      ...current,
      token_endpoint_auth_method: 'client_secret_basic',
      jwks: undefined,
    });
    const body = (await switched.json()) as Record<string, unknown> & { registration_access_token: string };
    expect(switched.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
    });
    expect(typeof body.client_secret).toBe('string');
    const basic = `Basic ${Buffer.from(`${made.client_id}:${body.client_secret}`).toString('base64')}`;
    const revoked = await server.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'nothing-issued' }),
    });
    expect(revoked.status).toBe(200);
    // An update that keeps the secret does not give it out again.
    const {
      registration_access_token: rat,
      client_secret: _s,
      client_secret_expires_at: _e,
      ...metadata
    } = body;
    const again = (await (
      await update(rat, { ...metadata, client_name: 'Key then secret, renamed' })
    ).json()) as Record<string, unknown>;
    expect(again.client_secret).toBeUndefined();
  });

  it('a developer holds at most ten live tokens', async () => {
    const busy = await createUser(server);
    for (let i = 0; i < 10; i++) await initialToken(1, busy);
    const eleventh = await send(server, busy, 'POST', REGISTRATION_TOKENS_API.tokens, {
      label: 'one more',
      lifetime: '1d',
      max_uses: 1,
    });
    expect(eleventh.status).toBe(400);
  });
});
