import { ACCESS_TOKEN_TTL_S, MESSAGES } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createUser,
  postJson,
  REFRESH_COOKIE,
  refresh,
  refreshCookieOf,
  uniqueEmail,
} from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const login = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(server, '/api/auth/login', body, headers);
const postWithCookie = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  server.fetch(path, { method: 'POST', headers: { cookie, ...headers } });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; retryAfterSeconds?: number } }).error;

describe('POST /api/auth/login', () => {
  it('answers an AuthSession and sets the httpOnly, SameSite=Strict refresh cookie', async () => {
    const user = await createUser(server);
    const res = await login({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const session = (await res.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      user: {
        id: user.id,
        email: user.email,
        email_confirmed_at: expect.any(String),
        created_at: expect.any(String),
      },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(session.expires_at).toBeGreaterThanOrEqual(now + ACCESS_TOKEN_TTL_S - 5);
    expect(Object.keys(session).sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'token_type',
      'user',
    ]);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/); // http public URL in tests
  });

  it('signs in an unverified account (the web guard sends it to verification)', async () => {
    const user = await createUser(server, { verified: false });
    expect(user.session.user.email_confirmed_at).toBeNull();
    // Bearer routes that need a verified address refuse it.
    const res = await server.fetch('/api/me/session-logs', { headers: user.authHeader });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('email_not_confirmed');
  });

  it('answers one generic message for a wrong password and for an unknown address', async () => {
    const user = await createUser(server);
    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: uniqueEmail('ghost'), password: 'whatever-password' },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: 'invalid_credentials',
        key: 'errors:invalid_credentials',
        message: 'Invalid email or password',
      });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it.each([
    [{ password: 'x' }, MESSAGES.emailRequired],
    [{ email: 'bad', password: 'x' }, MESSAGES.emailInvalid],
    [{ email: 'a@example.test' }, MESSAGES.passwordRequired],
    [{ email: 'a@example.test', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'a@example.test', password: ['x'] }, MESSAGES.passwordRequired],
  ])('validates %j', async (body, message) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation_failed', message });
  });

  it('locks an account after 5 failures and says when to try again', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 4; i++) {
      expect((await errorOf(await login({ email: user.email, password: 'nope-nope' }))).code).toBe(
        'invalid_credentials',
      );
    }
    const fifth = await login({ email: user.email, password: 'nope-nope' });
    expect(fifth.status).toBe(429);
    const error = await errorOf(fifth);
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(fifth.headers.get('retry-after')).toBe(String(error.retryAfterSeconds));
    // Even the right password is refused while locked.
    const right = await login({ email: user.email, password: user.password });
    expect(right.status).toBe(429);
    // Once the window has passed, the right password works and clears the counter.
    await server.deps.dbHandle.db
      .updateTable('rate_limits')
      .set({ reset_at: sql`now() - interval '1 second'` })
      .where('key', '=', `login:acct:${user.email}`)
      .execute();
    expect((await login({ email: user.email, password: user.password })).status).toBe(200);
  });

  it('a successful login clears the failures before it: four more mistakes do not lock', async () => {
    const user = await createUser(server);
    const wrong = async () => (await errorOf(await login({ email: user.email, password: 'nope-nope' }))).code;
    for (let i = 0; i < 4; i++) expect(await wrong()).toBe('invalid_credentials');
    expect((await login({ email: user.email, password: user.password })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await wrong()).toBe('invalid_credentials');
    expect((await login({ email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token on every use and keeps the user', async () => {
    const user = await createUser(server);
    const first = await refresh(server, user.refreshCookie);
    expect(first.refreshCookie).not.toBe(user.refreshCookie);
    expect(first.session.user.id).toBe(user.id);
    const second = await refresh(server, first.refreshCookie);
    expect(second.refreshCookie).not.toBe(first.refreshCookie);
    const ok = await server.fetch('/api/me/session-logs', {
      headers: { Authorization: `Bearer ${second.session.access_token}` },
    });
    expect(ok.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace period', async () => {
    const user = await createUser(server);
    const next = await refresh(server, user.refreshCookie);
    // Within the grace (a retry, two tabs refreshing together) the old token gets the same
    // successor back: the session never forks into two chains.
    const sibling = await refresh(server, user.refreshCookie);
    expect(sibling.session.user.id).toBe(user.id);
    expect(sibling.refreshCookie).toBe(next.refreshCookie);
    const tokens = await server.deps.dbHandle.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select('refresh_tokens.token_hash')
      .where('sessions.user_id', '=', user.id)
      .where('refresh_tokens.used_at', 'is', null)
      .execute();
    expect(tokens).toHaveLength(1);
    await server.deps.dbHandle.db
      .updateTable('refresh_tokens')
      .set({ used_at: sql`now() - interval '1 minute'` })
      .where('used_at', 'is not', null)
      .execute();
    const reuse = await postWithCookie('/api/auth/refresh', user.refreshCookie);
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).code).toBe('session_expired');
    // The cookie is cleared, and every token and access token of the family is dead.
    expect(reuse.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=;`))).toBe(true);
    expect((await postWithCookie('/api/auth/refresh', next.refreshCookie)).status).toBe(401);
    expect((await postWithCookie('/api/auth/refresh', sibling.refreshCookie)).status).toBe(401);
    const me = await server.fetch('/api/me/session-logs', {
      headers: { Authorization: `Bearer ${next.session.access_token}` },
    });
    expect(me.status).toBe(401);
    // Another session of the same user is untouched, and its activity says what happened.
    const other = await login({ email: user.email, password: user.password });
    expect(other.status).toBe(200);
    const copied = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'session_copied')
      .execute();
    expect(copied).toHaveLength(1);
  });

  it('lets two tabs refresh with the same cookie at once without signing out', async () => {
    const user = await createUser(server);
    const results = await Promise.all(
      [1, 2, 3].map(() => postWithCookie('/api/auth/refresh', user.refreshCookie)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const res of results) {
      const cookie = refreshCookieOf(res) ?? '';
      expect((await postWithCookie('/api/auth/refresh', cookie)).status).toBe(200);
    }
  });

  it('answers 204 (no session, no error) without a cookie, and 401 session_expired with an unknown one', async () => {
    const none = await server.fetch('/api/auth/refresh', { method: 'POST' });
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
    // Nothing of a session stays behind: the refresh cookie is cleared, none is set.
    const cleared = none.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    const res = await postWithCookie('/api/auth/refresh', `${REFRESH_COOKIE}=made-up`);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({
      code: 'session_expired',
      key: 'errors:session_expired',
      message: 'Your session has expired, please sign in again',
    });
  });

  it('logout revokes the session, clears the cookie and kills its access token', async () => {
    const user = await createUser(server);
    const res = await postWithCookie('/api/auth/logout', user.refreshCookie);
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await postWithCookie('/api/auth/refresh', user.refreshCookie)).status).toBe(401);
    expect((await server.fetch('/api/me/session-logs', { headers: user.authHeader })).status).toBe(401);
    // Logging out without a session is harmless.
    expect((await server.fetch('/api/auth/logout', { method: 'POST' })).status).toBe(204);
  });

  it('refuses cross-site refresh and logout', async () => {
    const user = await createUser(server);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await postWithCookie('/api/auth/refresh', user.refreshCookie, headers);
      expect(res.status).toBe(403);
      expect((await postWithCookie('/api/auth/logout', user.refreshCookie, headers)).status).toBe(403);
    }
    // Same-origin browser requests pass.
    const ok = await postWithCookie('/api/auth/refresh', user.refreshCookie, {
      origin: server.config.publicUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(ok.status).toBe(200);
  });
});

describe('access tokens and guards', () => {
  it('rejects missing, malformed and forged bearer tokens with 401', async () => {
    const user = await createUser(server);
    const [h, p] = user.accessToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()),
        sub: crypto.randomUUID(),
      }),
    ).toString('base64url');
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer not.a.jwt',
      `Bearer ${h}.${forgedPayload}.${user.accessToken.split('.')[2]}`,
    ]) {
      const res = await server.fetch('/api/me/session-logs', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({
        code: 'unauthenticated',
        key: 'errors:unauthenticated',
        message: 'User not authenticated',
      });
    }
  });

  it('keeps the signing key encrypted in the database', async () => {
    const row = await server.deps.dbHandle.db.selectFrom('server_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.ciphertext.startsWith('v1.')).toBe(true);
    expect(row.ciphertext).not.toContain('"d"');
  });
});

describe('GET /api/me/session-logs', () => {
  it('lists the caller’s sign-ins newest first with device and os from the user agent', async () => {
    const user = await createUser(server);
    const agents = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
    ];
    for (const ua of agents) {
      expect((await login({ email: user.email, password: user.password }, { 'user-agent': ua })).status).toBe(
        200,
      );
    }
    const other = await createUser(server);
    const res = await server.fetch('/api/me/session-logs', { headers: user.authHeader });
    expect(res.status).toBe(200);
    const { logs } = (await res.json()) as {
      logs: { device: string; os: string; user_agent: string; ip: string; created_at: string }[];
    };
    expect(logs.slice(0, 3).map((l) => [l.device, l.os])).toEqual([
      ['Mac', 'macOS'],
      ['Android', 'Android'],
      ['iOS', 'iOS'],
    ]);
    expect(logs[0]?.user_agent).toBe(agents[2]);
    expect(logs[0]?.ip).toBe('127.0.0.1');
    expect(logs).toHaveLength(4); // three logins + the verification-link sign-in
    const dates = logs.map((l) => Date.parse(l.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const otherLogs = (await (
      await server.fetch('/api/me/session-logs', { headers: other.authHeader })
    ).json()) as {
      logs: unknown[];
    };
    expect(otherLogs.logs).toHaveLength(1);
  });
});
