import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  decide,
  followToClient,
  insertClient,
  pkce,
  REDIRECT_URI,
  redeemCode,
  startAuthorization,
  type TestClient,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  BROWSER_SESSION_COOKIE,
  cookieOf,
  createUser,
  latestLink,
  postJson,
  REFRESH_COOKIE,
  refreshCookieOf,
  type TestUser,
  withMail,
} from '../support/users';

/**
 * The engine's own login session follows the Omnia session (no account mix-up): an
 * authorization proceeds only for the account of a live Omnia session in that browser.
 */
let server: TestServer;
let owner: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  client = await insertClient(server, owner);
});
afterAll(() => server?.close());

/** A second session of the same person (another device). */
async function signInElsewhere(user: TestUser): Promise<TestUser> {
  const res = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  const session = (await res.json()) as TestUser['session'];
  return {
    ...user,
    session,
    accessToken: session.access_token,
    authHeader: { Authorization: `Bearer ${session.access_token}` },
    refreshCookie: refreshCookieOf(res) ?? '',
    browserCookie: cookieOf(res, BROWSER_SESSION_COOKIE) ?? '',
  };
}

/** Alice allows the client in `jar`; returns the verifier-free code redirect. */
async function allowIn(jar: CookieJar, user: TestUser) {
  const { challenge } = pkce();
  const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
  return decide(server, jar, uid, user, true);
}

async function userinfoEmail(back: URL, verifier: string) {
  const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as {
    access_token: string;
  };
  const info = await server.fetch('/oauth2/userinfo', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  return ((await info.json()) as { email: string }).email;
}

const silent = (challenge: string) => `${authorizeUrl(client, { challenge })}&prompt=none`;

describe('the engine session follows the Omnia session', () => {
  it('after Alice is signed out from another device, Bob on her browser never gets a code for Alice', async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const browser = CookieJar.of(alice);
    await allowIn(browser, alice);
    // Alice's sessions are ended from her other device.
    const phone = await signInElsewhere(alice);
    const out = await server.fetch('/api/me/sessions/sign-out-others', {
      method: 'POST',
      headers: phone.authHeader,
    });
    expect(((await out.json()) as { signed_out: number }).signed_out).toBeGreaterThan(0);
    // Bob signs in on the same browser and opens the client's authorization URL.
    browser.signIn(bob);
    const { verifier, challenge } = pkce();
    const first = await browser.fetch(server, authorizeUrl(client, { challenge }));
    const location = new URL(first.headers.get('location') ?? '', server.url);
    expect(location.origin).toBe(new URL(server.url).origin);
    const uid = location.pathname.split('/').pop() ?? '';
    expect(location.pathname).toBe(`/oauth2/consent/${uid}`);
    // Bob's consent screen is his, and what the client gets is Bob.
    const back = await decide(server, browser, uid, bob, true);
    expect(await userinfoEmail(back, verifier)).toBe(bob.email);
  });

  it('a browser whose session was signed out gets login_required for prompt=none, even with its old cookies', async () => {
    const carol = await createUser(server);
    const browser = CookieJar.of(carol);
    await allowIn(browser, carol);
    // Signed in and consented: prompt=none answers with a code and no screen.
    const ok = await followToClient(server, browser, silent(pkce().challenge));
    expect(ok.searchParams.get('code')).toBeTruthy();
    // Logout, then the copied cookies (engine session and browser session) are replayed.
    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: carol.refreshCookie },
    });
    expect(logout.status).toBe(204);
    const replayed = await browser.fetch(server, silent(pkce().challenge));
    const back = new URL(replayed.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('logout clears the browser-session cookie and the engine cookies, and ends the engine session rows', async () => {
    const dan = await createUser(server);
    const browser = CookieJar.of(dan);
    await allowIn(browser, dan);
    const rows = () =>
      server.deps.dbHandle.db
        .selectFrom('oidc_models')
        .select('model')
        .where('model', 'in', ['Session', 'Interaction'])
        .where('account_id', '=', dan.id)
        .execute();
    expect((await rows()).length).toBeGreaterThan(0);
    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `${dan.refreshCookie}; _session=x; _session.sig=y` },
    });
    const cleared = logout.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0/i.test(c))
      .map((c) => c.split('=')[0]);
    expect(cleared).toEqual(
      expect.arrayContaining([REFRESH_COOKIE, BROWSER_SESSION_COOKIE, '_session', '_session.sig']),
    );
    expect(await rows()).toEqual([]);
  });

  it('after a password reset the old browser gets login_required for prompt=none', async () => {
    const erin = await createUser(server);
    const browser = CookieJar.of(erin);
    await allowIn(browser, erin);
    await withMail(server, erin.email, () =>
      postJson(server, '/api/auth/forgot-password', { email: erin.email }),
    );
    const link = new URL(await latestLink(server, erin.email, '/auth/reset-password'), server.url);
    const reset = await postJson(server, '/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    const res = await browser.fetch(server, silent(pkce().challenge));
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });

  it('signing in as someone else in the browser replaces the previous Omnia session', async () => {
    const fay = await createUser(server);
    const gil = await createUser(server);
    const res = await postJson(
      server,
      '/api/auth/login',
      { email: gil.email, password: gil.password },
      { cookie: fay.refreshCookie },
    );
    expect(res.status).toBe(200);
    // Fay's session in this browser is over: her access token and refresh cookie stop working.
    expect((await server.fetch('/api/me/profile', { headers: fay.authHeader })).status).toBe(401);
    const refresh = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: fay.refreshCookie },
    });
    expect(refresh.status).toBe(401);
  });

  it('the consent API answers only the session this browser holds', async () => {
    const hal = await createUser(server);
    const ivy = await createUser(server);
    const browser = CookieJar.of(hal);
    const uid = await startAuthorization(
      server,
      browser,
      authorizeUrl(client, { challenge: pkce().challenge }),
    );
    // Ivy's token in Hal's browser: not the session the browser holds, so not signed in here.
    const details = await browser.fetch(server, `/oauth2/consent/${uid}/details`, {
      headers: ivy.authHeader,
    });
    expect(details.status).toBe(200);
    expect(((await details.json()) as { prompt: string }).prompt).toBe('login');
    const decision = await browser.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ivy.authHeader },
      body: JSON.stringify({ approved: true }),
    });
    expect(decision.status).toBe(401);
  });
});
