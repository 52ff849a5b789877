import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredModels } from '../../src/modules/oauth/store';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeUrl,
  CookieJar,
  decide,
  followToClient,
  insertClient,
  pkce,
  REDIRECT_URI,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from './flow';

let server: TestServer;
let owner: TestUser;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  user = await createUser(server);
  client = await insertClient(server, owner);
}, 60_000);
afterAll(() => server?.close());

async function codeFor(jar: CookieJar, who: TestUser, scope = 'profile email') {
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge, scope }));
  const back = await decide(server, jar, uid, who, true);
  return { back, verifier };
}

describe('authorization code flow with PKCE', () => {
  it('discovery names our endpoints under the issuer', async () => {
    const res = await server.fetch('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(server.config.publicUrl);
    expect(meta.authorization_endpoint).toBe(`${server.config.publicUrl}/oauth2/authorize`);
    expect(meta.token_endpoint).toBe(`${server.config.publicUrl}/oauth2/token`);
    expect(meta.userinfo_endpoint).toBe(`${server.config.publicUrl}/oauth2/userinfo`);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('consent details show the client and scopes; Allow returns a code with state and iss', async () => {
    const jar = new CookieJar();
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
    const anonymous = await jar.fetch(server, `/oauth2/consent/${uid}/details`);
    expect(anonymous.status).toBe(200);
    const details = (await anonymous.json()) as {
      client: { name: string };
      scopes: string[];
      prompt: string;
    };
    expect(details.client.name).toBe('Test App');
    expect(details.scopes).toEqual(['openid', 'profile', 'email']);
    expect(details.prompt).toBe('login');

    const noToken = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approved: true }),
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({
      error: 'login_required',
      error_description: 'You must be logged in to proceed',
    });

    const back = await decide(server, jar, uid, user, true);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(server.config.publicUrl);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('exchanges the code once; userinfo, refresh rotation and revoke behave per RFC', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const code = back.searchParams.get('code') ?? '';
    const exchange = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('cache-control')).toContain('no-store');
    const tokens = (await exchange.json()) as Record<string, string>;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();

    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    const claims = (await info.json()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: user.id, email: user.email, email_verified: true });

    // A code works once; its replay fails and revokes what it issued.
    const replay = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const afterReplay = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(afterReplay.status).toBe(401);
  });

  it('refresh rotates; the old refresh token then fails and revokes the grant', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const first = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as Record<string, string>;
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reuse = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(reuse.status).toBe(400);
    const afterReuse = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token ?? '',
    });
    expect(afterReuse.status).toBe(400);
  });

  it('revocation ends the access token; a wrong secret is refused', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const wrong = await tokenRequest(
      server,
      client,
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      },
      'not-the-secret',
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client');

    const again = await codeFor(new CookieJar(), user);
    const tokens = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: again.back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: again.verifier,
      })
    ).json()) as Record<string, string>;
    const revoke = await server.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        token: tokens.access_token ?? '',
      }),
    });
    expect(revoke.status).toBe(200);
    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(401);
  });

  it('remembers consent: a second authorization asking nothing new skips the screen', async () => {
    const jar = new CookieJar();
    await codeFor(jar, user);
    // Same browser (engine session): straight back to the client.
    const { challenge } = pkce();
    const direct = await followToClient(server, jar, authorizeUrl(client, { challenge, state: 's2' }));
    expect(direct.searchParams.get('code')).toBeTruthy();
    expect(direct.searchParams.get('state')).toBe('s2');
    // A new browser where the user is signed in: the screen answers with redirect_to instead of asking again.
    const fresh = CookieJar.of(user);
    const uid = await startAuthorization(server, fresh, authorizeUrl(client, { challenge }));
    const res = await fresh.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
    const details = (await res.json()) as { redirect_to?: string };
    expect(details.redirect_to).toBeTruthy();
    const back = await followToClient(server, fresh, details.redirect_to ?? '');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('Deny returns access_denied with the state', async () => {
    const jar = new CookieJar();
    const other = await createUser(server);
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge, state: 'deny-me' }));
    const back = await decide(server, jar, uid, other, false);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-me');
  });
});

describe('a decision sent twice (a double click on Allow)', () => {
  it('both answers lead on to the application; the consent is saved and told once', async () => {
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    const uid = await startAuthorization(server, jar, authorizeUrl(client, pkce()));
    const send = () =>
      jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...person.authHeader },
        body: JSON.stringify({ approved: true }),
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [
      ((await first.json()) as { redirect_to: string }).redirect_to,
      ((await second.json()) as { redirect_to: string }).redirect_to,
    ];
    expect(b).toBe(a);
    const back = await followToClient(server, jar, a);
    expect(back.searchParams.get('code')).toBeTruthy();
    const events = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', person.id)
      .where('kind', '=', 'app_authorized')
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('requests that must not reach the client', () => {
  it('an unknown client and an unregistered redirect_uri show our error page', async () => {
    const { challenge } = pkce();
    const unknown = await server.fetch(authorizeUrl({ ...client, clientId: 'nope' }, { challenge }), {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(303);
    const location = new URL(unknown.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/oauth2/consent/error');
    // The page shows the text of a known code only; nothing else travels in its URL.
    expect([...location.searchParams]).toEqual([['error', 'invalid_client']]);

    const badRedirect = await server.fetch(
      authorizeUrl(client, { challenge, redirectUri: 'https://evil.example/cb' }),
      {
        redirect: 'manual',
      },
    );
    expect(new URL(badRedirect.headers.get('location') ?? '', server.url).pathname).toBe(
      '/oauth2/consent/error',
    );
  });

  it('missing PKCE and a response_type other than code go back to the client with an error', async () => {
    const noPkce = await server.fetch(authorizeUrl(client), { redirect: 'manual' });
    const back = new URL(noPkce.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('state-123');

    const { challenge } = pkce();
    const token = await server.fetch(authorizeUrl(client, { challenge, responseType: 'token' }), {
      redirect: 'manual',
    });
    const tokenBack = new URL(token.headers.get('location') ?? '');
    expect(tokenBack.origin + tokenBack.pathname).toBe(REDIRECT_URI);
    // An implicit-style request answers in the fragment, as RFC 6749 §4.2.2.1 says.
    const error =
      new URLSearchParams(tokenBack.hash.slice(1)).get('error') ?? tokenBack.searchParams.get('error');
    expect(error).toBe('unsupported_response_type');
  });

  it('a pending client is for its owner only; a rejected one for nobody', async () => {
    const pending = await insertClient(server, owner, { status: 'pending' });
    const { challenge } = pkce();
    // Anyone but its developer is stopped on our page before anything can redirect to its URIs.
    for (const jar of [new CookieJar(), CookieJar.of(user)]) {
      const res = await jar.fetch(server, authorizeUrl(pending, { challenge }));
      const location = new URL(res.headers.get('location') ?? '', server.url);
      expect(`${location.pathname}${location.search}`).toBe('/oauth2/consent/error?error=pending_client');
    }
    const asOwner = CookieJar.of(owner);
    const uid = await startAuthorization(server, asOwner, authorizeUrl(pending, { challenge }));
    const details = await asOwner.fetch(server, `/oauth2/consent/${uid}/details`, {
      headers: owner.authHeader,
    });
    expect(details.status).toBe(200);

    const rejected = await insertClient(server, owner, { status: 'rejected' });
    const res = await server.fetch(authorizeUrl(rejected, { challenge }), { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '', server.url).pathname).toBe('/oauth2/consent/error');
  });
});

describe('client credentials and codes are bound to their client', () => {
  it('a code cannot be redeemed by another client; a rotated secret is refused at once', async () => {
    const other = await insertClient(server, owner, { name: 'Other App' });
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const stolen = await tokenRequest(server, other, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: string }).error).toBe('invalid_grant');

    // Rotate through the Developer API as the owner: the old secret stops working.
    const [row] = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', client.clientId)
      .execute();
    const rotate = await server.fetch(`/api/developer/clients/${row?.id}/rotate-secret`, {
      method: 'POST',
      headers: owner.authHeader,
    });
    expect(rotate.status).toBe(200);
    const { client_secret } = (await rotate.json()) as { client_secret: string };
    const fresh = await codeFor(new CookieJar(), user);
    const body = {
      grant_type: 'authorization_code',
      code: fresh.back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: fresh.verifier,
    };
    const old = await tokenRequest(server, client, body);
    expect(old.status).toBe(401);
    const ok = await tokenRequest(server, client, body, client_secret);
    expect(ok.status).toBe(200);
    client = { ...client, clientSecret: client_secret };
  });

  it('introspection tells the owning client whether a token is active', async () => {
    const { back, verifier } = await codeFor(new CookieJar(), user);
    const tokens = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as Record<string, string>;
    const introspect = (token: string) =>
      server.fetch('/oauth2/introspect', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, token }),
      });
    const active = (await (await introspect(tokens.access_token ?? '')).json()) as Record<string, unknown>;
    expect(active).toMatchObject({ active: true, client_id: client.clientId, sub: user.id });
    const unknown = (await (await introspect('not-a-token')).json()) as Record<string, unknown>;
    expect(unknown).toEqual({ active: false });
  });

  it('stores codes and tokens only under a hash', async () => {
    const { back } = await codeFor(new CookieJar(), user);
    const code = back.searchParams.get('code') ?? '';
    const rows = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select(['id', 'payload'])
      .where('model', '=', 'AuthorizationCode')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.id).not.toBe(code);
      expect(JSON.stringify(r.payload)).not.toContain(code);
    }
  });
});

describe('housekeeping', () => {
  it('purges expired engine rows and keeps live ones', async () => {
    const db = server.deps.dbHandle.db;
    const row = (id: string, expires: Date) => ({
      model: 'Interaction',
      id,
      payload: JSON.stringify({}),
      grant_id: null,
      uid: null,
      account_id: null,
      client_id: null,
      expires_at: expires,
    });
    await db
      .insertInto('oidc_models')
      .values([row('old-one', new Date(Date.now() - 1000)), row('live-one', new Date(Date.now() + 60_000))])
      .execute();
    expect(await purgeExpiredModels(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('oidc_models')
      .select('id')
      .where('id', 'in', ['old-one', 'live-one'])
      .execute();
    expect(left.map((r) => r.id)).toEqual(['live-one']);
  });
});
