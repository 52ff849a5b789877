import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertClient, REDIRECT_URI, type TestClient, tokenRequest } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authRequest,
  CookieJar,
  codeGrant,
  forgingFetch,
  giveProfile,
  locationOf,
  paramsOf,
  recordTokenResponses,
  relyingParty,
  SCOPE,
  setClientSettings,
  signIn,
  visit,
} from './rp';

/**
 * The Basic OP plan's modules about codes, tokens, redirect URIs and request objects, plus the
 * protocol details our own checks add beyond it (PKCE, the authorization endpoint by POST, discovery).
 */
let server: TestServer;
let user: TestUser;
let client: TestClient;
let config: oidc.Configuration;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  await giveProfile(server, user);
  client = await insertClient(server, user);
  config = await relyingParty(server, client);
});
afterAll(() => server?.close());

/**
 * Runs `test` with this process's clock movable by vi.setSystemTime: the engine and Omnia read time
 * through Date, so a code or an iat ages without waiting. Only Date is faked; timers and sockets run
 * as usual. (The embedded PGlite's clock is this process's Date as well; a PostgreSQL server's is
 * not, and nothing here depends on either.)
 */
async function withMovableClock(test: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    await test();
  } finally {
    vi.useRealTimers();
  }
}
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
// A test that failed inside withMovableClock, or moved the clock without it, ends on real time.
afterEach(() => vi.useRealTimers());
const pathOf = (url: URL) => `${url.pathname}${url.search}`;
const userinfoStatus = async (token: string) =>
  (await server.fetch('/oauth2/userinfo', { headers: { Authorization: `Bearer ${token}` } })).status;
/** A signed request object with alg "none" (unsigned), as the suite builds it. */
const unsignedRequestObject = (claims: Record<string, string>) =>
  [{ alg: 'none' }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') +
  '.';

/**
 * oidcc-codereuse and -30seconds: the second use is refused and what the first got is revoked.
 * `laterSeconds` moves this process's clock (the engine's and ours, through Date; the code lives
 * 60 s) forward instead of waiting.
 */
async function reuseCode(laterSeconds: number) {
  const { req, seen, tokens } = await signIn(server, config, CookieJar.of(user), user);
  expect(await userinfoStatus(tokens.access_token)).toBe(200);
  if (laterSeconds > 0) later(laterSeconds);
  await expect(codeGrant(config, seen.callback, req)).rejects.toMatchObject({
    error: 'invalid_grant',
    status: 400,
  });
  // RFC 6749 4.1.2: the tokens issued with that code are revoked.
  expect(await userinfoStatus(tokens.access_token)).toBe(401);
  await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
    error: 'invalid_grant',
  });
}

describe('OpenID Connect Basic OP plan: codes, tokens and requests', () => {
  it('oidcc-codereuse', () => reuseCode(0));

  it('oidcc-codereuse-30seconds', () => withMovableClock(() => reuseCode(31)));

  // Past its 60 s the used code is still kept (until housekeeping): a replay then is one too.
  it('a used code sent again after it expired still revokes what it issued', () =>
    withMovableClock(() => reuseCode(61)));

  it('…but not when another app, or its own without the verifier, sends it (a leaked used code)', () =>
    withMovableClock(async () => {
      const { seen, tokens } = await signIn(server, config, CookieJar.of(user), user);
      later(61);
      const replay = (app: TestClient, verifier: string) =>
        tokenRequest(server, app, {
          grant_type: 'authorization_code',
          code: seen.callback.searchParams.get('code') ?? '',
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        });
      const other = await insertClient(server, user, { name: 'Other app' });
      expect((await replay(other, 'x'.repeat(43))).status).toBe(400);
      expect((await replay(client, 'y'.repeat(43))).status).toBe(400);
      expect(await userinfoStatus(tokens.access_token)).toBe(200);
    }));

  it('oidcc-ensure-registered-redirect-uri', async () => {
    const req = await authRequest(config, { redirect_uri: 'https://app.example.test/not-registered' });
    const page = locationOf(server, await CookieJar.of(user).fetch(server, pathOf(req.url)));
    // Never a redirect to the unregistered URI: our error page says the redirect URI is invalid.
    expect(page.origin).toBe(server.url);
    expect(pathOf(page)).toBe('/oauth2/consent/error?error=invalid_redirect_uri');
  });

  it('oidcc-unsigned-request-object-supported-correctly-or-rejected-as-unsupported', async () => {
    // Discovery does not offer request objects (request_parameter_supported defaults to false), so
    // the suite skips this module; one sent anyway is refused at the client with request_not_supported.
    expect(config.serverMetadata().request_parameter_supported).toBeUndefined();
    const req = await authRequest(config);
    req.url.searchParams.set('request', unsignedRequestObject(paramsOf(req.url)));
    const back = locationOf(server, await CookieJar.of(user).fetch(server, pathOf(req.url)));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(paramsOf(back)).toMatchObject({ error: 'request_not_supported', state: req.state });
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('oidcc-request-uri-unsigned-supported-correctly-or-rejected-as-unsupported', async () => {
    expect(config.serverMetadata().request_uri_parameter_supported).toBe(false);
    const req = await authRequest(config, { request_uri: 'https://app.example.test/request.jwt' });
    const back = locationOf(server, await CookieJar.of(user).fetch(server, pathOf(req.url)));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(paramsOf(back)).toMatchObject({ error: 'request_uri_not_supported' });
  });

  it('oidcc-ensure-request-object-with-redirect-uri', async () => {
    // The request object names the registered URI, the query an unregistered one: the server must
    // not fall back to the registered one; it shows our invalid redirect_uri error page.
    const req = await authRequest(config);
    const url = new URL(req.url);
    url.searchParams.set('request', unsignedRequestObject(paramsOf(req.url)));
    url.searchParams.set('redirect_uri', 'https://app.example.test/not-registered');
    const page = locationOf(server, await CookieJar.of(user).fetch(server, pathOf(url)));
    expect(page.origin).toBe(server.url);
    expect(pathOf(page)).toBe('/oauth2/consent/error?error=invalid_redirect_uri');
  });

  it('oidcc-claims-essential', async () => {
    const person = await createUser(server);
    await giveProfile(server, person, 'Grace Hopper');
    const claims = JSON.stringify({ userinfo: { name: { essential: true } } });
    const { tokens, seen } = await signIn(server, config, CookieJar.of(person), person, {
      scope: 'openid',
      claims,
    });
    expect(seen.consentAsked).toBe(true);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.id);
    expect(info).toMatchObject({ sub: person.id, name: 'Grace Hopper' });
    expect(info.email).toBeUndefined();
  });

  it('oidcc-refresh-token', () =>
    withMovableClock(async () => {
      const { tokens, claims: first } = await signIn(server, config, CookieJar.of(user), user);
      later(1); // as the suite waits a second, so the new id_token's iat differs
      const responses = recordTokenResponses(config);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', { scope: SCOPE });
      expect(responses.at(-1)?.headers.get('cache-control')).toBe('no-store');
      expect(refreshed.token_type).toBe('bearer');
      expect(refreshed.expires_in).toBeGreaterThan(0);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      // OpenID Connect Core 12.2: same iss, sub, aud and auth_time; a new iat; no azp appearing.
      const second = refreshed.claims();
      if (!second) throw new Error('the refresh answered without an id_token');
      for (const name of ['iss', 'sub', 'aud', 'auth_time', 'azp']) expect(second[name]).toEqual(first[name]);
      expect(second.iat).toBeGreaterThan(first.iat as number);
      expect(await userinfoStatus(refreshed.access_token)).toBe(200);
      // Bound to its client: another client's refresh token is invalid_grant here.
      const other = await relyingParty(server, await insertClient(server, user, { name: 'Second client' }));
      const theirs = await signIn(server, other, CookieJar.of(user), user);
      await expect(oidc.refreshTokenGrant(config, theirs.tokens.refresh_token ?? '')).rejects.toMatchObject({
        error: 'invalid_grant',
        status: 400,
      });
    }));

  it('oidcc-ensure-request-with-valid-pkce-succeeds', async () => {
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);
    const { req, claims } = await signIn(server, config, CookieJar.of(user), user);
    expect(req.url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(claims.sub).toBe(user.id);
  });

  it('PKCE: the code_verifier is required and checked; a request without code_challenge is refused', async () => {
    const req = await authRequest(config);
    const { callback } = await visit(server, CookieJar.of(user), user, req.url);
    for (const pkceCodeVerifier of [undefined, oidc.randomPKCECodeVerifier()])
      await expect(codeGrant(config, callback, req, { pkceCodeVerifier })).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    // Omnia requires PKCE of every client (unless its developer turned 'Require PKCE' off).
    const bare = await authRequest(config);
    bare.url.searchParams.delete('code_challenge');
    bare.url.searchParams.delete('code_challenge_method');
    const back = locationOf(server, await CookieJar.of(user).fetch(server, pathOf(bare.url)));
    expect(paramsOf(back)).toMatchObject({ error: 'invalid_request', state: bare.state });
  });

  it('the plan as the suite sends it (no PKCE) passes for a client with Require PKCE off', async () => {
    const relaxed = await insertClient(server, user, { name: 'Suite client' });
    await setClientSettings(server, relaxed, { require_pkce: false });
    const rp = await relyingParty(server, relaxed);
    const req = await authRequest(rp);
    req.url.searchParams.delete('code_challenge');
    req.url.searchParams.delete('code_challenge_method');
    const { callback } = await visit(server, CookieJar.of(user), user, req.url);
    const tokens = await codeGrant(rp, callback, req, { pkceCodeVerifier: undefined });
    expect(tokens.claims()).toMatchObject({ sub: user.id, nonce: req.nonce });
  });

  it('oidcc-ensure-post-request-succeeds (OpenID Connect Core 3.1.2.1)', async () => {
    const req = await authRequest(config);
    const jar = CookieJar.of(user);
    const posted = await jar.fetch(server, '/oauth2/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: req.url.searchParams,
    });
    const { callback } = await visit(server, jar, user, req.url, posted);
    expect((await codeGrant(config, callback, req)).claims()?.sub).toBe(user.id);
  });

  it('discovery: URLs from the issuer whatever the Host, public caching, nothing it does not serve', async () => {
    const forged = await oidc.discovery(new URL(server.url), client.clientId, undefined, undefined, {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: forgingFetch({ host: 'evil.example', 'x-forwarded-host': 'evil2.example' }),
    });
    const meta = forged.serverMetadata();
    expect(meta.issuer).toBe(server.url);
    for (const [name, value] of Object.entries(meta))
      if (name.endsWith('_endpoint') || name === 'jwks_uri')
        expect(String(value)).toMatch(`${server.url}/oauth2/`);
    expect(meta.pushed_authorization_request_endpoint).toBe(`${server.url}/oauth2/par`);
    for (const path of ['/.well-known/openid-configuration', '/oauth2/jwks'])
      expect((await server.fetch(path)).headers.get('cache-control')).toBe('public, max-age=300');
  });
});
