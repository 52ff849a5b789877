import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgingFetch } from '../conformance/rp';
import {
  authorizeAs,
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pkce,
  REDIRECT_URI,
  redeemCode,
  startAuthorization,
  type TestClient,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/** Protocol details that the Basic OP plan does not name on its own. */
let server: TestServer;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  client = await insertClient(server, user);
});
afterAll(() => server?.close());

const locationOf = (res: Response) => new URL(res.headers.get('location') ?? '', server.url);

describe('the authorization endpoint', () => {
  it('accepts POST (OpenID Connect Core 3.1.2.1) like GET', async () => {
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const query = new URL(authorizeUrl(client, { challenge, state: 'by-post' }), server.url).searchParams;
    const res = await jar.fetch(server, '/oauth2/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query,
    });
    expect(res.status).toBe(303);
    const uid = locationOf(res).pathname.split('/').pop() ?? '';
    const back = await decide(server, jar, uid, user, true);
    expect(back.searchParams.get('state')).toBe('by-post');
    expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
  });

  it('answers HEAD as GET (the engine serves HEAD on its GET routes): a scope without openid too', async () => {
    const { challenge } = pkce();
    const url = authorizeUrl(client, { challenge, scope: 'profile' });
    const get = await CookieJar.of(user).fetch(server, url);
    const head = await CookieJar.of(user).fetch(server, url, { method: 'HEAD' });
    expect(get.status).toBe(303);
    expect(head.status).toBe(303);
    expect(locationOf(head).pathname).toMatch(/^\/oauth2\/consent\//);
  });

  it('a missing or unsupported response_type goes back to a known client; with an unknown client, our page', async () => {
    const { challenge } = pkce();
    const missing = authorizeUrl(client, { challenge }).replace('response_type=code&', '');
    const back = locationOf(await server.fetch(missing, { redirect: 'manual' }));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('state-123');
    // A response_type of the implicit kind answers in the fragment, as OAuth 2.0 Multiple Response Types says.
    const token = locationOf(
      await server.fetch(authorizeUrl(client, { challenge, responseType: 'token' }), { redirect: 'manual' }),
    );
    expect(new URLSearchParams(token.hash.slice(1)).get('error')).toBe('unsupported_response_type');
    const bogus = locationOf(
      await server.fetch(authorizeUrl(client, { challenge, responseType: 'bogus' }), { redirect: 'manual' }),
    );
    expect(bogus.searchParams.get('error')).toBe('unsupported_response_type');
    const unknown = authorizeUrl({ ...client, clientId: 'nobody' }, { challenge }).replace(
      'response_type=code&',
      '',
    );
    const page = locationOf(await server.fetch(unknown, { redirect: 'manual' }));
    expect(`${page.pathname}${page.search}`).toBe('/oauth2/consent/error?error=invalid_client');
  });

  it("'Require PKCE' off: a request without PKCE needs a nonce; the default client needs PKCE whatever it sends", async () => {
    const legacy = await insertClient(server, user, { name: 'Legacy App' });
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ require_pkce: false })
      .where('client_id', '=', legacy.clientId)
      .execute();
    const plain = authorizeUrl(legacy);
    const refused = locationOf(await server.fetch(plain, { redirect: 'manual' }));
    expect(refused.origin + refused.pathname).toBe(REDIRECT_URI);
    expect(refused.searchParams.get('error_description')).toMatch(/PKCE/);
    const withNonce = locationOf(await server.fetch(`${plain}&nonce=n-1`, { redirect: 'manual' }));
    expect(withNonce.pathname).toMatch(/^\/oauth2\/consent\/[\w-]+$/);
    const strict = locationOf(
      await server.fetch(`${authorizeUrl(client)}&nonce=n-1`, { redirect: 'manual' }),
    );
    expect(strict.searchParams.get('error')).toBe('invalid_request');
  });

  it('engine responses carry the security headers', async () => {
    for (const path of [
      '/.well-known/openid-configuration',
      '/oauth2/jwks',
      authorizeUrl({ ...client, clientId: 'x' }),
    ]) {
      const res = await server.fetch(path, { redirect: 'manual' });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('discovery', () => {
  it('names endpoints under PUBLIC_URL whatever the Host, advertises nothing it does not serve, and is cacheable', async () => {
    // node:http underneath: fetch() would send the URL's own Host whatever the headers say.
    const forge = forgingFetch({
      host: 'evil.example',
      'x-forwarded-host': 'evil2.example',
      'x-forwarded-proto': 'https',
    });
    const res = await forge(`${server.url}/.well-known/openid-configuration`, {
      method: 'GET',
      headers: {},
    } as never);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const meta = (await res.json()) as Record<string, unknown>;
    for (const [name, value] of Object.entries(meta))
      if (name.endsWith('_endpoint') || name === 'jwks_uri')
        expect(String(value).startsWith(`${server.url}/oauth2/`)).toBe(true);
    // Served, and under PUBLIC_URL like every other endpoint (test/fapi).
    expect(meta.pushed_authorization_request_endpoint).toBe(`${server.url}/oauth2/par`);
    expect(meta.dpop_signing_alg_values_supported).toEqual(['ES256', 'Ed25519', 'EdDSA']);
    expect(meta.end_session_endpoint).toBe(`${server.url}/oauth2/logout`);
    const posted = new Set([
      'token_endpoint',
      'introspection_endpoint',
      'revocation_endpoint',
      'pushed_authorization_request_endpoint',
      'registration_endpoint',
    ]);
    for (const [name, value] of Object.entries(meta)) {
      if (typeof value !== 'string' || !value.includes('/oauth2/')) continue;
      const served = await server.fetch(new URL(value).pathname, {
        method: posted.has(name) ? 'POST' : 'GET',
        redirect: 'manual',
      });
      expect(served.status, name).not.toBe(404);
      // Nor a 5xx for a method it does not take (a GET typed in a browser's address bar).
      const other = await server.fetch(new URL(value).pathname, { redirect: 'manual' });
      expect(other.status, `GET ${name}`).toBeLessThan(500);
    }
    expect((await server.fetch('/oauth2/jwks')).headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('RP-initiated logout', () => {
  it('asks on our page, then ends the engine session and the Omnia session of the browser', async () => {
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    const { back, verifier } = await authorizeAs(server, client, person);
    const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as { id_token: string };
    // The browser of authorizeAs holds the engine session; ours signs in the same way.
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
    await decide(server, jar, uid, person, true);
    const ask = await jar.fetch(
      server,
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: tokens.id_token, state: 'bye' })}`,
    );
    const page = locationOf(ask);
    expect(page.pathname).toBe('/auth/sign-out');
    const xsrf = page.searchParams.get('xsrf') ?? '';
    expect(xsrf).not.toBe('');
    const confirm = await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(200);
    const next = ((await confirm.json()) as { redirect_to: string }).redirect_to;
    expect(next).toBe(`${server.url}/oauth2/logout/success`);
    const done = locationOf(await jar.fetch(server, next));
    expect(`${done.pathname}${done.search}`).toBe('/auth/sign-out?done=1');
    // The Omnia session is over: its refresh cookie and access token no longer work.
    expect(
      (await server.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie: person.refreshCookie } }))
        .status,
    ).toBe(401);
    expect((await server.fetch('/api/me/profile', { headers: person.authHeader })).status).toBe(401);
    // And the browser gets login_required for a silent authorization.
    const silent = await jar.fetch(
      server,
      `${authorizeUrl(client, { challenge: pkce().challenge })}&prompt=none`,
    );
    expect(locationOf(silent).searchParams.get('error')).toBe('login_required');
  });

  const alive = async (person: TestUser) =>
    (await server.fetch('/api/me/profile', { headers: person.authHeader })).status === 200;

  it('a browser that never used an app is not signed out by another site’s link: it is asked', async () => {
    // Signed in to Omnia, but its engine session has no account (no app authorized in it yet):
    // the engine would answer with a form that submits itself.
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    const res = await jar.fetch(server, '/oauth2/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(303);
    const page = locationOf(res);
    expect(page.pathname).toBe('/auth/sign-out');
    expect(page.searchParams.get('xsrf')).toBeTruthy();
    expect(await res.text()).not.toContain('<form');
    expect(await alive(person)).toBe(true);
  });

  it('only a same-origin POST from the sign-out page confirms: a cross-site one is refused', async () => {
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    const xsrf = locationOf(await jar.fetch(server, '/oauth2/logout')).searchParams.get('xsrf') ?? '';
    const confirm = (site: string, origin?: string) =>
      jar.fetch(server, '/oauth2/logout/confirm', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'sec-fetch-site': site,
          ...(origin ? { origin } : {}),
        },
        body: new URLSearchParams({ xsrf, logout: 'yes' }),
      });
    expect((await confirm('cross-site', 'https://evil.example')).status).toBe(403);
    expect((await confirm('same-site', 'https://sub.evil.example')).status).toBe(403);
    expect(await alive(person)).toBe(true);
    const same = await confirm('same-origin', server.url);
    expect(same.status).toBe(200);
    expect(await alive(person)).toBe(false);
  });

  it('a pending app’s post-logout URI is honoured for its developer only, never sends others there', async () => {
    const developer = await createUser(server);
    const pending = await insertClient(server, developer, { status: 'pending' });
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ post_logout_redirect_uris: ['https://unreviewed.example/bye'] })
      .where('client_id', '=', pending.clientId)
      .execute();
    const query = new URLSearchParams({
      client_id: pending.clientId,
      post_logout_redirect_uri: 'https://unreviewed.example/bye',
    });
    const stranger = await createUser(server);
    const html = { headers: { accept: 'text/html' } };
    const refused = await CookieJar.of(stranger).fetch(server, `/oauth2/logout?${query}`, html);
    const errorPage = locationOf(refused);
    expect(`${errorPage.pathname}${errorPage.search}`).toBe('/oauth2/consent/error?error=pending_client');
    expect(await alive(stranger)).toBe(true);
    // Signed out of everything, the same; and however the path is spelled (the engine's router
    // ignores case and a trailing slash).
    const nobody = await new CookieJar().fetch(server, `/oauth2/logout?${query}`, html);
    expect(locationOf(nobody).pathname).toBe('/oauth2/consent/error');
    const spelled = await CookieJar.of(stranger).fetch(server, `/oauth2/LOGOUT/?${query}`, html);
    expect(`${locationOf(spelled).pathname}${locationOf(spelled).search}`).toBe(
      '/oauth2/consent/error?error=pending_client',
    );
    const authorize = authorizeUrl(pending, pkce())
      .replace('/oauth2/authorize', '/oauth2/AUTHORIZE/')
      .replace(encodeURIComponent(REDIRECT_URI), encodeURIComponent('https://unreviewed.example/bye'));
    const viaAuthorize = await CookieJar.of(stranger).fetch(server, `${authorize}&prompt=none`, html);
    expect(locationOf(viaAuthorize).origin).toBe(new URL(server.url).origin);
    expect(locationOf(viaAuthorize).pathname).toBe('/oauth2/consent/error');

    // Its developer is asked, and then sent to the app's URI.
    const jar = CookieJar.of(developer);
    const ask = locationOf(await jar.fetch(server, `/oauth2/logout?${query}`));
    expect(ask.pathname).toBe('/auth/sign-out');
    const confirm = await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ xsrf: ask.searchParams.get('xsrf') ?? '', logout: 'yes' }),
    });
    expect(((await confirm.json()) as { redirect_to: string }).redirect_to).toBe(
      'https://unreviewed.example/bye',
    );
  });
});
