import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  postJson,
  refreshCookieOf,
  uniqueEmail,
  verificationToken,
  verifyCookieOf,
  withMail,
} from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signup = (body: unknown) => postJson(server, '/api/auth/signup', body);

/** The button on the verification link's page, pressed in the browser holding `cookie` (if any). */
const press = (token: string, cookie?: string, extra: Record<string, unknown> = {}, headers = {}) =>
  postJson(server, '/api/auth/verify', { token, ...extra }, { ...(cookie ? { cookie } : {}), ...headers });
/** What the page asks first: the link's state, without using it. */
const check = (token: string, cookie?: string) =>
  postJson(server, '/api/auth/verify/check', { token }, cookie ? { cookie } : {});

async function _expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as {
    error: { code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number };
  };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
  return body.error;
}

// Pre-account takeover: an address signed up by someone who does not own it (signup.test.ts has the rest of sign-up).

describe('pre-account takeover: an address signed up by someone who does not own it', () => {
  const login = (email: string, password: string) => postJson(server, '/api/auth/login', { email, password });
  const live = async (refreshCookie: string) =>
    (await server.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie: refreshCookie } })).status;

  it.each([
    ['signed up first', false],
    ['signed up before the squatter did it again', true],
  ])(
    'the owner (%s) asks for a new link: verifying in their browser asks for a password',
    async (_, ownerFirst) => {
      const email = uniqueEmail('resent');
      if (ownerFirst)
        expect((await signup({ email, password: 'the owner’s own passphrase' })).status).toBe(201);
      expect((await signup({ email, password: 'squatter chose this one' })).status).toBe(201);
      // 'Send a new link' from the owner's browser ('Verification required', or an expired link's page).
      const asked = await withMail(server, email, () => postJson(server, '/api/auth/resend', { email }));
      expect(asked.status).toBe(200);
      const token = await verificationToken(server, email);
      // The owner's browser did not set the squatter's password: it must set its own.
      const bare = await press(token, verifyCookieOf(asked));
      expect(bare.status).toBe(400);
      expect(((await bare.json()) as { error: { code: string } }).error.code).toBe(
        'verify_password_required',
      );
      const verified = await press(token, verifyCookieOf(asked), { password: 'mine from now on, truly' });
      expect(verified.status).toBe(200);
      expect((await login(email, 'squatter chose this one')).status).toBe(400);
      expect((await login(email, 'mine from now on, truly')).status).toBe(200);
    },
  );

  it('the owner signs up later: their password replaces the squatter’s, whose sessions and link end', async () => {
    const email = uniqueEmail('owner');
    // The attacker signs up the owner's address and signs in (unverified accounts may).
    const squatting = await signup({ email, password: 'squatter chose this one' });
    const attackerLink = await verificationToken(server, email);
    const attacker = await login(email, 'squatter chose this one');
    expect(attacker.status).toBe(200);
    const attackerCookie = refreshCookieOf(attacker) ?? '';
    expect(squatting.status).toBe(201);

    // The real owner signs up with their own password: the same answer as any sign-up.
    const owner = await signup({ email, password: 'the owner’s own passphrase' });
    expect(owner.status).toBe(201);
    expect(await live(attackerCookie)).toBe(401);
    expect((await login(email, 'squatter chose this one')).status).toBe(400);
    // The squatter's link no longer works; the owner's does, in the owner's browser.
    expect((await press(attackerLink, verifyCookieOf(squatting) ?? '')).status).toBe(400);
    const verified = await press(await verificationToken(server, email), verifyCookieOf(owner) ?? '');
    expect(await verified.json()).toEqual({ signed_in: true });
    expect((await login(email, 'the owner’s own passphrase')).status).toBe(200);
    expect((await login(email, 'squatter chose this one')).status).toBe(400);
  });

  it('a spelling the database folds onto the owner’s address (İ for i, the Kelvin sign) is refused at sign-up', async () => {
    const email = uniqueEmail('victim');
    for (const squat of [email.replace('victim', 'v\u0130ctim'), email.replace('example', 'e\u212Aample')]) {
      const res = await signup({ email: squat, password: 'squatter chose this one' });
      expect(res.status).toBe(400);
    }
    expect((await signup({ email, password: 'the owner’s own passphrase' })).status).toBe(201);
  });

  it('the owner’s later sign-up takes the address as the owner typed it: the link goes there', async () => {
    const email = uniqueEmail('victim');
    const squat = email.toUpperCase();
    expect((await signup({ email: squat, password: 'squatter chose this one' })).status).toBe(201);
    const owner = await signup({ email, password: 'the owner’s own passphrase' });
    expect(owner.status).toBe(201);
    const verified = await press(await verificationToken(server, email), verifyCookieOf(owner) ?? '');
    expect(await verified.json()).toEqual({ signed_in: true });
    const row = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [email, squat])
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
  });

  it('verification ends every other session of the account, one opened with the same password too', async () => {
    const email = uniqueEmail('other-sessions');
    const first = await signup({ email, password: 'plum orchard lantern' });
    const elsewhere = refreshCookieOf(await login(email, 'plum orchard lantern')) ?? '';
    expect(await live(elsewhere)).toBe(200);
    const verified = await press(await verificationToken(server, email), verifyCookieOf(first) ?? '');
    expect(await verified.json()).toEqual({ signed_in: true });
    // The refresh above rotated the cookie; its successor is gone with the session all the same.
    const rows = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.revoked_at'])
      .where('users.email', '=', email)
      .execute();
    expect(rows.filter((r) => r.revoked_at === null)).toHaveLength(1);
  });

  it('the owner clicks the squatter’s own mail in a fresh browser: they set the only working password', async () => {
    const email = uniqueEmail('clicked');
    await signup({ email, password: 'squatter chose this one' });
    const attackerCookie = refreshCookieOf(await login(email, 'squatter chose this one')) ?? '';
    const token = await verificationToken(server, email);
    expect(await (await check(token)).json()).toMatchObject({ state: 'valid', same_browser: false });
    const done = await press(token, undefined, { password: 'only the mailbox knows' });
    expect(await done.json()).toEqual({ signed_in: false });
    expect(await live(attackerCookie)).toBe(401);
    expect((await login(email, 'squatter chose this one')).status).toBe(400);
    expect((await login(email, 'only the mailbox knows')).status).toBe(200);
  });

  it('the owner starts with none of the squatter’s sign-ins, activity or notices', async () => {
    const email = uniqueEmail('owner');
    expect((await signup({ email, password: 'squatter knows this one' })).status).toBe(201);
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0';
    for (const ua of [windows, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Firefox/127.0'])
      expect(
        (
          await postJson(
            server,
            '/api/auth/login',
            { email, password: 'squatter knows this one' },
            { 'user-agent': ua },
          )
        ).status,
      ).toBe(200);
    const db = server.deps.dbHandle.db;
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const kept = async () => ({
      signIns: (await db.selectFrom('session_logs').select('id').where('user_id', '=', id).execute()).length,
      events: (await db.selectFrom('security_events').select('id').where('user_id', '=', id).execute())
        .length,
      notices: (await db.selectFrom('notifications').select('id').where('user_id', '=', id).execute()).length,
    });
    expect((await kept()).signIns).toBe(2);

    expect((await signup({ email, password: 'the owner’s own at last' })).status).toBe(201);
    expect(await kept()).toEqual({ signIns: 0, events: 0, notices: 0 });
  });
});
