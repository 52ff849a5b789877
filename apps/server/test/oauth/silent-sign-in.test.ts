import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, signedInSecondsAgo, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  basicAuth,
  CookieJar,
  followToClient,
  insertClient,
  pkce,
  REDIRECT_URI,
  redeemCode,
  type TestClient,
} from './flow';

/*
 * Signed in once, signed in everywhere: a browser signed in to Omnia gets an approved
 * app's `prompt=none` answered with a code, even when the engine has never seen this browser (no
 * engine session yet), and without any page being shown. What needs the person still gets the
 * error `prompt=none` calls for.
 */
let server: TestServer;
let person: TestUser;
let approved: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  person = await createUser(server);
  approved = await insertClient(server, person, { name: 'Approved app' });
  other = await insertClient(server, person, { name: 'Never approved' });
  // Approved in some other browser: the consent is remembered for the account.
  await authorizeAs(server, approved, person);
});
afterAll(() => server?.close());

/** A prompt=none request in `jar`, followed to where the browser ends (the app, or a page of ours). */
async function silently(jar: CookieJar, client: TestClient, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const url = new URL(authorizeUrl(client, { challenge }), server.url);
  url.searchParams.set('prompt', 'none');
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  const first = await jar.fetch(server, `${url.pathname}${url.search}`);
  const location = new URL(first.headers.get('location') ?? '', server.url);
  // Never our consent screen: nothing is shown for prompt=none.
  expect(location.pathname.startsWith('/oauth2/consent')).toBe(false);
  const back =
    location.origin === new URL(server.url).origin
      ? await followToClient(server, jar, `${location.pathname}${location.search}`)
      : location;
  return { back, verifier };
}

describe('prompt=none from a browser signed in to Omnia', () => {
  it('answers an approved app with a code in a browser the engine has never seen', async () => {
    const jar = CookieJar.of(person);
    const { back, verifier } = await silently(jar, approved);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBeNull();
    expect(back.searchParams.get('state')).toBe('state-123');
    const tokens = await redeemCode(server, approved, back, verifier);
    expect(tokens.status).toBe(200);
    const { id_token } = (await tokens.json()) as { id_token: string };
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.sub).toBe(person.id);

    // The engine session is now this browser's: the next silent request goes the engine's own way.
    const again = await silently(jar, approved);
    expect(again.back.searchParams.get('code')).toBeTruthy();
  });

  it('asks for consent it does not have, and never records one', async () => {
    const { back } = await silently(CookieJar.of(person), other);
    expect(back.searchParams.get('error')).toBe('consent_required');
    expect(back.searchParams.get('code')).toBeNull();
    const grants = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select('id')
      .where('model', '=', 'Grant')
      .where('client_id', '=', other.clientId)
      .execute();
    expect(grants).toEqual([]);
  });

  it('wants a fresh sign-in when max_age says so, and needs a live Omnia session', async () => {
    await signedInSecondsAgo(server, person, 5);
    const stale = await silently(CookieJar.of(person), approved, { max_age: '1' });
    expect(stale.back.searchParams.get('error')).toBe('login_required');

    const nobody = await silently(new CookieJar(), approved);
    expect(nobody.back.searchParams.get('error')).toBe('login_required');

    // A browser whose Omnia session ended: its signed cookie names a dead session.
    const leaving = await createUser(server);
    await authorizeAs(server, approved, leaving);
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', leaving.id)
      .execute();
    const ended = await silently(CookieJar.of(leaving), approved);
    expect(ended.back.searchParams.get('error')).toBe('login_required');
  });

  it('ignores a second browser-session cookie, which a sibling host could have planted', async () => {
    const url = new URL(authorizeUrl(approved, { challenge: pkce().challenge }), server.url);
    url.searchParams.set('prompt', 'none');
    const res = await server.fetch(`${url.pathname}${url.search}`, {
      headers: { cookie: `omnia_engine=planted; ${person.browserCookie}` },
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location') ?? '', server.url);
    expect(back.searchParams.get('error')).toBe('login_required');
  });
});

describe('prompt=none in a pushed authorization request (PAR)', () => {
  /** Pushes the request (with `prompt`, when given) and opens its request_uri in `jar`. */
  async function pushedSilently(jar: CookieJar, client: TestClient, prompt?: string) {
    const { verifier, challenge } = pkce();
    const url = new URL(authorizeUrl(client, { challenge, scope: 'openid profile email' }), server.url);
    const params = new URLSearchParams(url.search);
    if (prompt) params.set('prompt', prompt);
    const pushed = await server.fetch('/oauth2/par', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client) },
      body: params,
    });
    expect(pushed.status).toBe(201);
    const { request_uri } = (await pushed.json()) as { request_uri: string };
    const query = new URLSearchParams({ client_id: client.clientId, request_uri });
    const first = await jar.fetch(server, `/oauth2/authorize?${query}`);
    const location = new URL(first.headers.get('location') ?? '', server.url);
    const back =
      location.origin === new URL(server.url).origin && !location.pathname.startsWith('/oauth2/consent')
        ? await followToClient(server, jar, `${location.pathname}${location.search}`)
        : location;
    return { back, verifier };
  }

  it('answers as in the URL: a code for an approved app in a browser the engine has never seen', async () => {
    const { back, verifier } = await pushedSilently(CookieJar.of(person), approved, 'none');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBeNull();
    expect((await redeemCode(server, approved, back, verifier)).status).toBe(200);
  });

  it('without consent or a session, the error prompt=none calls for; never a page', async () => {
    const unapproved = await pushedSilently(CookieJar.of(person), other, 'none');
    expect(unapproved.back.searchParams.get('error')).toBe('consent_required');
    const nobody = await pushedSilently(new CookieJar(), approved, 'none');
    expect(nobody.back.searchParams.get('error')).toBe('login_required');
  });

  it('a pushed request without prompt=none still shows the consent screen it needs', async () => {
    const { back } = await pushedSilently(CookieJar.of(person), other);
    expect(back.pathname).toMatch(/^\/oauth2\/consent\//);
  });
});
