import { randomBytes } from 'node:crypto';
import type { AuthSession } from '@omnia/contracts';
import { sql } from 'kysely';
import type { TestServer } from './test-server';

export const REFRESH_COOKIE = 'omnia_refresh';
/** The browser's name of its session for the OAuth engine (Path=/oauth2). */
export const BROWSER_SESSION_COOKIE = 'omnia_engine';
/** The sign-up browser's nonce, sent back with the verification link (path /api/auth/verify). */
export const VERIFY_COOKIE = 'omnia_verify';
const DEFAULT_PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  /** `omnia_refresh=<token>`, ready for a Cookie header. */
  refreshCookie: string;
  /** `omnia_engine=<signed session>`: what the browser sends to /oauth2/* (CookieJar.signIn). */
  browserCookie: string;
  authHeader: { Authorization: string };
  session: AuthSession;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@example.test`;
}

/** JSON POST helper (same-origin, as the web app sends it). */
export function postJson(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The `name=<value>` pair of a response's Set-Cookie (not a deletion), or undefined. */
export function cookieOf(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return undefined;
}

/** The `omnia_refresh=<value>` pair of a response's Set-Cookie, or undefined. */
export const refreshCookieOf = (res: Response) => cookieOf(res, REFRESH_COOKIE);
/** The `omnia_verify=<nonce>` pair a sign-up or resend answer sets, or undefined. */
export const verifyCookieOf = (res: Response) => cookieOf(res, VERIFY_COOKIE);

/** Messages queued for an address, newest first (the outbox holds the bodies). */
export async function outboxFor(server: TestServer, email: string) {
  return server.deps.dbHandle.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Runs `action`, a request that queues its mail after answering (forgot password and resend: so
 * the answer takes as long for an address without an account), and waits until a new message to
 * `email` is queued. `action`'s response.
 */
export async function withMail(server: TestServer, email: string, action: () => Promise<Response>) {
  const before = (await outboxFor(server, email)).length;
  const res = await action();
  for (let i = 0; (await outboxFor(server, email)).length === before; i++) {
    if (i >= 1_000) throw new Error(`no new mail to ${email}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return res;
}

/**
 * Runs `action` (forgot password, resend) and waits until the worker has taken every queued link
 * request: what it writes (a link and its mail, or nothing) is then committed. `action`'s response.
 */
export async function afterLinkRequests(server: TestServer, action: () => Promise<Response>) {
  const res = await action();
  const waiting = () =>
    server.deps.dbHandle.db.selectFrom('link_requests').select('id').limit(1).executeTakeFirst();
  for (let i = 0; await waiting(); i++) {
    if (i >= 1_000) throw new Error('the link requests were never taken');
    await new Promise((r) => setTimeout(r, 10));
  }
  return res;
}

/** The first link to `pathPrefix` in the newest message to `email` (as a path + query for server.fetch). */
export async function latestLink(server: TestServer, email: string, pathPrefix: string): Promise<string> {
  for (const message of await outboxFor(server, email)) {
    const link = linkIn(message.text_body, pathPrefix);
    if (link) return link;
  }
  throw new Error(`no ${pathPrefix} link mailed to ${email}`);
}

export function linkIn(text: string, pathPrefix: string): string | undefined {
  for (const m of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(m[0]);
    if (url.pathname === pathPrefix) return `${url.pathname}${url.search}`;
  }
  return undefined;
}

/** The token of the newest verification link mailed to `email` (its page is /auth/callback?token=). */
export async function verificationToken(server: TestServer, email: string): Promise<string> {
  const link = await latestLink(server, email, '/auth/callback');
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

/**
 * Presses the button on the verification link's page, as the browser holding `cookie` (its
 * `omnia_verify` nonce, or '' for another browser), optionally setting a password.
 */
export async function useVerificationLink(
  server: TestServer,
  email: string,
  cookie: string,
  password?: string,
): Promise<Response> {
  const token = await verificationToken(server, email);
  return postJson(server, '/api/auth/verify', { token, ...(password ? { password } : {}) }, { cookie });
}

/** Trades a refresh cookie for a session (and the rotated cookie). */
export async function refresh(server: TestServer, cookie: string) {
  const res = await server.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie } });
  if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${await res.text()}`);
  const refreshCookie = refreshCookieOf(res);
  if (!refreshCookie) throw new Error('refresh did not rotate the cookie');
  const browserCookie = cookieOf(res, BROWSER_SESSION_COOKIE);
  if (!browserCookie) throw new Error('refresh did not set the browser-session cookie');
  return { session: (await res.json()) as AuthSession, refreshCookie, browserCookie };
}

/**
 * Creates an account through the real flow over HTTP: sign-up, then (verified, the default) the
 * verification link from the outbox, its button pressed with the sign-up's nonce cookie as the same
 * browser would (so it signs in), then a refresh for the access token; or (verified: false) a
 * password login without verifying.
 */
export async function createUser(
  server: TestServer,
  opts: { verified?: boolean; email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const signup = await postJson(server, '/api/auth/signup', { email, password });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);

  let session: AuthSession;
  let refreshCookie: string;
  let browserCookie: string;
  if (opts.verified === false) {
    const login = await postJson(server, '/api/auth/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    session = (await login.json()) as AuthSession;
    const cookie = refreshCookieOf(login);
    const browser = cookieOf(login, BROWSER_SESSION_COOKIE);
    if (!cookie || !browser) throw new Error('login set no session cookies');
    refreshCookie = cookie;
    browserCookie = browser;
  } else {
    const verify = await useVerificationLink(server, email, verifyCookieOf(signup) ?? '');
    const cookie = refreshCookieOf(verify);
    if (verify.status !== 200 || !cookie) throw new Error(`verification failed: ${verify.status}`);
    ({ session, refreshCookie, browserCookie } = await refresh(server, cookie));
  }
  return {
    id: session.user.id,
    email,
    password,
    accessToken: session.access_token,
    refreshCookie,
    browserCookie,
    authHeader: { Authorization: `Bearer ${session.access_token}` },
    session,
  };
}

/**
 * Moves the person's sign-in `seconds` into the past, instead of waiting for the clock (auth_time
 * and max_age count whole seconds of the database's time). Call it before the first authorization:
 * that one hands the sign-in time to the engine's session.
 */
export async function signedInSecondsAgo(server: TestServer, user: TestUser, seconds: number) {
  await server.deps.dbHandle.db
    .updateTable('sessions')
    .set({ authenticated_at: sql`authenticated_at - make_interval(secs => ${seconds})` })
    .where('user_id', '=', user.id)
    .execute();
}

/** 'Change password' in a signed-in session (the raw response). */
export const changePassword = (server: TestServer, user: TestUser, password: string) =>
  postJson(
    server,
    '/api/auth/change-password',
    { currentPassword: user.password, password },
    user.authHeader,
  );

/** Another sign-in of `user` (another device, or whoever knows the password): its own session. */
export async function secondSessionOf(server: TestServer, user: TestUser): Promise<TestUser> {
  const res = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as AuthSession;
  return {
    ...user,
    accessToken: session.access_token,
    authHeader: { Authorization: `Bearer ${session.access_token}` },
    refreshCookie: refreshCookieOf(res) ?? '',
    browserCookie: cookieOf(res, BROWSER_SESSION_COOKIE) ?? '',
  };
}
