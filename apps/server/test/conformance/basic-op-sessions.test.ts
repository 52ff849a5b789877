import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, signedInSecondsAgo } from '../support/users';
import {
  authRequest,
  CookieJar,
  codeGrant,
  locationOf,
  paramsOf,
  relyingParty,
  setClientSettings,
  signIn,
} from './rp';

/**
 * The Basic OP plan's modules about the sign-in session (prompt, max_age, id_token_hint) and
 * RP-initiated logout, with openid-client as the relying party. Each test has its own person, so
 * one test's fresh sign-in never moves another's auth_time.
 */
let server: TestServer;
let client: TestClient;
let config: oidc.Configuration;

beforeAll(async () => {
  server = await startTestServer();
  client = await insertClient(server, await createUser(server));
  config = await relyingParty(server, client);
});
afterAll(() => server?.close());

const POST_LOGOUT_URI = 'https://app.example.test/signed-out';

/**
 * A person signed in to Omnia in a browser five seconds ago (auth_time counts whole seconds, so a
 * renewed one shows), with a first authorization of the client done.
 */
async function signedIn(extra: Record<string, string> = {}, checks: oidc.AuthorizationCodeGrantChecks = {}) {
  const person = await createUser(server);
  await signedInSecondsAgo(server, person, 5);
  const jar = CookieJar.of(person);
  const first = await signIn(server, config, jar, person, extra, checks);
  return { person, jar, first: first.claims, idToken: first.tokens.id_token ?? '' };
}

describe('OpenID Connect Basic OP plan: sessions', () => {
  it('oidcc-prompt-login', async () => {
    const { person, jar, first } = await signedIn();
    const second = await signIn(server, config, jar, person, { prompt: 'login' });
    // Our screen asked 'Confirm it's you'; auth_time is that new sign-in.
    expect(second.seen.reauthenticated).toBe(true);
    expect(second.claims.auth_time).toBeGreaterThan(first.auth_time as number);
  });

  it('oidcc-prompt-none-not-logged-in', async () => {
    const req = await authRequest(config, { prompt: 'none' });
    const back = locationOf(
      server,
      await new CookieJar().fetch(server, `${req.url.pathname}${req.url.search}`),
    );
    // openid-client checks state and iss, then surfaces the error (OpenID Connect Core 3.1.2.6).
    await expect(codeGrant(config, back, req)).rejects.toMatchObject({ error: 'login_required' });
    expect(paramsOf(back).state).toBe(req.state);
  });

  it('oidcc-prompt-none-logged-in', async () => {
    const { person, jar, first } = await signedIn();
    const second = await signIn(server, config, jar, person, { prompt: 'none' });
    expect(second.seen.details).toBeUndefined(); // straight back, no screen
    expect(second.claims).toMatchObject({ sub: first.sub, auth_time: first.auth_time });
  });

  it('oidcc-max-age-1', async () => {
    const { person, jar, first } = await signedIn(); // five seconds ago: older than max_age
    const second = await signIn(server, config, jar, person, { max_age: '1' }, { maxAge: 1 });
    expect(second.seen.reauthenticated).toBe(true);
    expect(second.claims.sub).toBe(first.sub);
    expect(second.claims.auth_time).toBeGreaterThan(first.auth_time as number);
  });

  it('oidcc-max-age-10000', async () => {
    const { person, jar, first } = await signedIn({ max_age: '15000' }, { maxAge: 15_000 });
    const second = await signIn(server, config, jar, person, { max_age: '10000' }, { maxAge: 10_000 });
    expect(second.seen.details).toBeUndefined();
    expect(second.claims).toMatchObject({ sub: first.sub, auth_time: first.auth_time });
  });

  it('oidcc-id-token-hint', async () => {
    const { person, jar, first, idToken } = await signedIn();
    const second = await signIn(server, config, jar, person, { prompt: 'none', id_token_hint: idToken });
    expect(second.seen.details).toBeUndefined();
    expect(second.claims).toMatchObject({ sub: first.sub, auth_time: first.auth_time });
  });

  it('prompt=consent shows the consent screen even when consent is remembered', async () => {
    const { person, jar } = await signedIn();
    const remembered = await signIn(server, config, jar, person);
    expect(remembered.seen.consentAsked).toBe(false);
    const asked = await signIn(server, config, jar, person, { prompt: 'consent' });
    expect(asked.seen.consentAsked).toBe(true);
  });

  it('oidcc-rp-initiated-logout', async () => {
    const person = await createUser(server);
    const app = await insertClient(server, person, { name: 'Logout app' });
    await setClientSettings(server, app, { post_logout_redirect_uris: [POST_LOGOUT_URI] });
    const rp = await relyingParty(server, app);
    const jar = CookieJar.of(person);
    const { tokens } = await signIn(server, rp, jar, person);
    const end = oidc.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    });
    // The engine asks on our sign-out page; the page posts the form back with the browser's cookies.
    const page = locationOf(server, await jar.fetch(server, `${end.pathname}${end.search}`));
    expect(page.pathname).toBe('/auth/sign-out');
    const confirm = await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: page.searchParams.get('xsrf') ?? '', logout: 'yes' }),
    });
    const back = locationOf(server, confirm);
    expect(back.origin + back.pathname).toBe(POST_LOGOUT_URI);
    expect(paramsOf(back).state).toBe('bye');
    // The Omnia session is over too, and the suite's follow-up prompt=none gets login_required.
    const refresh = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(refresh.status).toBe(401);
    const silent = await authRequest(rp, { prompt: 'none' });
    const after = locationOf(server, await jar.fetch(server, `${silent.url.pathname}${silent.url.search}`));
    await expect(codeGrant(rp, after, silent)).rejects.toMatchObject({ error: 'login_required' });
  });
});
