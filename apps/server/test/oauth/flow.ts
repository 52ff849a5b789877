import { createHash, randomBytes } from 'node:crypto';
import { type ConsentDetails, shownOf } from '@omnia/contracts/developer';
import { afterAll, beforeAll } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box';
import { CLIENT_SECRET_PURPOSE } from '../../src/modules/clients/credentials';
import { REFRESH_RETRY_WINDOW_S } from '../../src/modules/oauth/store';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

export const REDIRECT_URI = 'https://app.example.test/callback';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  ownerId: string;
}

/** A client row as the Developer API stores it (secret sealed). */
export async function insertClient(
  server: TestServer,
  owner: TestUser,
  opts: {
    status?: 'pending' | 'approved' | 'rejected';
    scopes?: string[];
    name?: string;
    /** A device app (RFC 8628): no secret, no redirect URI. */
    device?: boolean;
    /** A service (client credentials): a secret, no redirect URI. */
    service?: boolean;
  } = {},
): Promise<TestClient> {
  const clientId = `omnia_${randomBytes(12).toString('hex')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const box = createSecretBox(server.config.secretKey, CLIENT_SECRET_PURPOSE);
  await server.deps.dbHandle.db
    .insertInto('oauth2_clients')
    .values({
      user_id: owner.id,
      created_by: owner.id,
      name: opts.name ?? 'Test App',
      description: 'An app for tests',
      logo_url: null,
      client_id: clientId,
      ...(opts.device
        ? { app_type: 'device' as const, client_secret: null, redirect_uris: [] }
        : opts.service
          ? { app_type: 'service' as const, client_secret: box.seal(clientSecret), redirect_uris: [] }
          : { client_secret: box.seal(clientSecret), redirect_uris: [REDIRECT_URI] }),
      allowed_scopes: opts.scopes ?? (opts.service ? [] : ['profile', 'email']),
      status: opts.status ?? 'approved',
    })
    .execute();
  return { clientId, clientSecret, ownerId: owner.id };
}

/** A tiny cookie jar that honours each cookie's Path, like a browser. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();
  /** A browser where `user` is signed in (holds their session's cookie for /oauth2). */
  static of(user: TestUser): CookieJar {
    return new CookieJar().signIn(user);
  }
  /** Signs this browser in as `user` (replacing whoever was signed in). */
  signIn(user: Pick<TestUser, 'browserCookie'>): this {
    const [name = '', value = ''] = user.browserCookie.split(/=(.*)/s);
    this.cookies.set(`${name}@/oauth2`, { value, path: '/oauth2' });
    return this;
  }
  /** Signs this browser out (its session cookie for /oauth2 is gone). */
  signOut(): this {
    for (const key of this.cookies.keys()) if (key.startsWith('omnia_engine@')) this.cookies.delete(key);
    return this;
  }
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attrs.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(`${name}@${path}`);
      else this.cookies.set(`${name}@${path}`, { value, path });
    }
  }
  header(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([key, c]) => `${key.split('@')[0]}=${c.value}`)
      .join('; ');
  }
  async fetch(server: TestServer, path: string, init: RequestInit = {}) {
    const url = new URL(path, server.url);
    const headers = new Headers(init.headers);
    const cookie = this.header(url.pathname);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(
  client: TestClient,
  opts: {
    scope?: string;
    state?: string;
    challenge?: string;
    redirectUri?: string;
    responseType?: string;
  } = {},
) {
  const q = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: opts.redirectUri ?? REDIRECT_URI,
    response_type: opts.responseType ?? 'code',
    scope: opts.scope ?? 'profile email',
    state: opts.state ?? 'state-123',
  });
  if (opts.challenge) {
    q.set('code_challenge', opts.challenge);
    q.set('code_challenge_method', 'S256');
  }
  return `/oauth2/authorize?${q}`;
}

/** Follows the engine to our consent screen; returns the interaction uid. */
export async function startAuthorization(server: TestServer, jar: CookieJar, url: string): Promise<string> {
  const res = await jar.fetch(server, url);
  const location = res.headers.get('location') ?? '';
  const match = location.match(/\/oauth2\/consent\/([\w-]+)$/);
  if (res.status !== 303 || !match?.[1]) throw new Error(`no interaction: ${res.status} ${location}`);
  return match[1];
}

/**
 * Allow (or Deny) as `user`, then follow the engine back to the client's redirect. The browser is
 * signed in as `user` first (as the consent screen's 'Sign In' would have done).
 */
/**
 * A decision's body as the web app sends it: allowing names what the screen shows, read now (the
 * details, as the screen reads them); denying names nothing.
 */
export async function decisionBody(
  server: TestServer,
  jar: CookieJar,
  uid: string,
  user: Pick<TestUser, 'authHeader'>,
  approved: boolean,
): Promise<string> {
  if (!approved) return JSON.stringify({ approved });
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  if (res.status !== 200) throw new Error(`details failed: ${res.status} ${await res.text()}`);
  return JSON.stringify({ approved, shown: shownOf((await res.json()) as ConsentDetails) });
}

export async function decide(
  server: TestServer,
  jar: CookieJar,
  uid: string,
  user: TestUser,
  approved: boolean,
) {
  jar.signIn(user);
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: await decisionBody(server, jar, uid, user, approved),
  });
  if (res.status !== 200) throw new Error(`decision failed: ${res.status} ${await res.text()}`);
  const { redirect_to } = (await res.json()) as { redirect_to: string };
  return followToClient(server, jar, redirect_to);
}

/** Follows engine redirects until the browser would leave for the client. */
export async function followToClient(server: TestServer, jar: CookieJar, start: string): Promise<URL> {
  let next = start;
  for (let i = 0; i < 5; i++) {
    const res = await jar.fetch(server, next);
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}: ${res.status} ${await res.text()}`);
    const url = new URL(location, server.url);
    if (url.origin !== new URL(server.url).origin) return url;
    next = url.pathname + url.search;
  }
  throw new Error('too many redirects');
}

export function basicAuth(client: TestClient, secret = client.clientSecret) {
  return `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export async function tokenRequest(
  server: TestServer,
  client: TestClient,
  body: Record<string, string>,
  secret?: string,
) {
  return server.fetch('/oauth2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuth(client, secret),
    },
    body: new URLSearchParams(body),
  });
}

/** A fresh authorization allowed by `user`: the redirect back to the client, the PKCE verifier and the interaction uid. */
export async function authorizeAs(server: TestServer, client: TestClient, user: TestUser, scope?: string) {
  const jar = CookieJar.of(user);
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge, scope }));
  return { back: await decide(server, jar, uid, user, true), verifier, uid, jar };
}

/** Redeems the code in an authorization's redirect at the token endpoint (the raw response). */
export function redeemCode(server: TestServer, client: TestClient, back: URL, verifier: string) {
  return tokenRequest(server, client, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
}

/** The tokens of a fresh authorization allowed by `user` and redeemed at once (the exchange must succeed). */
export async function issueTokens(server: TestServer, client: TestClient, user: TestUser) {
  const { back, verifier } = await authorizeAs(server, client, user);
  const res = await redeemCode(server, client, back, verifier);
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; id_token: string };
}

/** GET /oauth2/userinfo with a bearer token (the raw response). */
export const userinfo = (server: TestServer, token: string) =>
  server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${token}` } });

/** POST /oauth2/introspect as `client` (the raw response). */
export const introspect = (server: TestServer, client: TestClient, token: string) =>
  server.fetch('/oauth2/introspect', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client) },
    body: new URLSearchParams({ token }).toString(),
  });

/**
 * Moves a rotated refresh token's rotation back past the retry window (oauth/store/refresh-retries.ts),
 * as if REFRESH_RETRY_WINDOW_S had passed: presenting it again is then a reuse, not a retry.
 */
export async function pastRetryWindow(server: TestServer, refreshToken: string) {
  const id = createHash('sha256').update(refreshToken).digest('base64url');
  const moved = await server.deps.dbHandle.db
    .updateTable('oidc_models')
    .set({ consumed_at: new Date(Date.now() - (REFRESH_RETRY_WINDOW_S + 1) * 1000) })
    .where('model', '=', 'RefreshToken')
    .where('id', '=', id)
    .where('consumed_at', 'is not', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Error('no rotated refresh token to move back');
}

/** A server, a signed-in person and an approved app of theirs, for one test file: started before its tests, closed after. */
export function useClientWorld(): { server: TestServer; user: TestUser; client: TestClient } {
  const world = {} as { server: TestServer; user: TestUser; client: TestClient };
  beforeAll(async () => {
    world.server = await startTestServer();
    world.user = await createUser(world.server);
    world.client = await insertClient(world.server, world.user);
  });
  afterAll(() => world.server?.close());
  return world;
}
