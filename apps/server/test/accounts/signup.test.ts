import { MESSAGES } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createUser,
  outboxFor,
  postJson,
  refreshCookieOf,
  uniqueEmail,
  VERIFY_COOKIE,
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

async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as {
    error: { code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number };
  };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
  return body.error;
}

describe('POST /api/auth/signup', () => {
  it('refuses a common or easily guessed password with the reason, and creates nothing', async () => {
    const email = uniqueEmail('weak');
    for (const [password, why] of [
      ['password123', MESSAGES.passwordTooCommon],
      ['aaaaaaaaaa', MESSAGES.passwordTooPredictable],
      [`${email.split('@')[0]}!`, MESSAGES.passwordHasPersonalInfo],
    ] as const) {
      const res = await signup({ email, password });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'weak_password', message: why, fields: { password: why } },
      });
    }
    const rows = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('creates an unverified account and queues a branded verification e-mail', async () => {
    const email = uniqueEmail('new');
    const res = await signup({ email, password: 'plum orchard lantern' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ email, email_confirmed_at: null });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await outboxFor(server, email);
    expect(mail?.subject).toBe('Confirm your Omnia account');
    expect(mail?.text_body).toContain(`${server.config.publicUrl}/auth/callback?token=`);
    expect(mail?.html_body).toContain('Verify my email');
    // The token itself is not stored, only its hash.
    const token =
      new URL((mail?.text_body.match(/https?:\/\/\S+/) ?? [''])[0]).searchParams.get('token') ?? '';
    const stored = await server.deps.dbHandle.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it.each([
    [{ password: 'plum orchard lantern' }, 'email', MESSAGES.emailRequired],
    [{ email: '', password: 'plum orchard lantern' }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'plum orchard lantern' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'a@b', password: 'plum orchard lantern' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'ok@example.test' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'ok@example.test', password: '' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'ok@example.test', password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ email: 42, password: 'plum orchard lantern' }, 'email', MESSAGES.emailRequired],
    [{ email: 'ok@example.test', password: 12345678 }, 'password', MESSAGES.passwordRequired],
  ])('refuses %j with the SPEC message', async (body, field, message) => {
    const error = await expectError(await signup(body), 400, 'validation_failed', message);
    expect(error.fields?.[field]).toBe(message);
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    const res = await server.fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    await expectError(res, 400, 'invalid_json');
    await expectError(await signup(['x']), 400, 'validation_failed');
    await expectError(await signup(null), 400, 'validation_failed');
  });

  it('does not reveal an existing address: same 201, the owner is e-mailed instead', async () => {
    const user = await createUser(server);
    const before = (await outboxFor(server, user.email)).length;
    const res = await signup({ email: user.email.toUpperCase(), password: 'another-password' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { id: string; email_confirmed_at: string | null } };
    expect(body.user.id).not.toBe(user.id);
    expect(body.user.email_confirmed_at).toBeNull();
    const mails = await outboxFor(server, user.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toBe('Your Omnia account');
    expect(mails[0]?.text_body).toContain(`${server.config.publicUrl}/login`);
    // The old password still works: nothing about the account changed.
    const login = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it('re-sends a verification link when the existing account is still unverified', async () => {
    const email = uniqueEmail('twice');
    expect((await signup({ email, password: 'plum orchard lantern' })).status).toBe(201);
    expect((await signup({ email, password: 'plum orchard lantern' })).status).toBe(201);
    const mails = await outboxFor(server, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your Omnia account', 'Confirm your Omnia account']);
  });
});

describe('the verification link', () => {
  /** Signs up in "a browser": the answer's nonce cookie is what that browser keeps. */
  async function signUpInBrowser(email = uniqueEmail('verify'), password = 'plum orchard lantern') {
    const res = await signup({ email, password });
    expect(res.status).toBe(201);
    const cookie = verifyCookieOf(res);
    expect(cookie).toBeTruthy();
    return { email, cookie: cookie ?? '', token: await verificationToken(server, email) };
  }
  const confirmedAt = async (email: string) =>
    (
      await server.deps.dbHandle.db
        .selectFrom('users')
        .select('email_confirmed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).email_confirmed_at;

  it('the sign-up sets an httpOnly, SameSite=Lax nonce cookie scoped to the link, stored only hashed', async () => {
    const res = await signup({ email: uniqueEmail('nonce'), password: 'plum orchard lantern' });
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${VERIFY_COOKIE}=`)) ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth\/verify(;|$)/i);
    expect(line).toMatch(/Max-Age=86400/);
    const nonce = (verifyCookieOf(res) ?? '').split('=')[1] ?? '';
    expect(nonce.length).toBeGreaterThanOrEqual(43);
    const rows = await server.deps.dbHandle.db
      .selectFrom('email_tokens')
      .select('browser_nonce_hash')
      .where('browser_nonce_hash', 'is not', null)
      .execute();
    expect(rows.some((r) => r.browser_nonce_hash === nonce)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.browser_nonce_hash ?? ''))).toBe(true);
  });

  it('opening the link changes nothing (mail scanners open links): it shows the page that asks', async () => {
    const { email, token, cookie } = await signUpInBrowser();
    // The mailed link is the page itself (/auth/callback?token=); an old-style API link only
    // redirects to it.
    const res = await server.fetch(`/api/auth/verify?token=${token}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/auth/callback?token=${token}`);
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await confirmedAt(email)).toBeNull();
    // The page reads the link's state without using it.
    const state = await check(token, cookie);
    expect(await state.json()).toEqual({ state: 'valid', email, same_browser: true });
    expect(await (await check(token)).json()).toEqual({ state: 'valid', email, same_browser: false });
    expect(await confirmedAt(email)).toBeNull();
  });

  it('pressed in the browser that signed up: verifies and signs in; the link works once', async () => {
    const { email, cookie, token } = await signUpInBrowser();
    const res = await press(
      token,
      cookie,
      {},
      {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signed_in: true });
    const refreshCookie = refreshCookieOf(res);
    expect(refreshCookie).toBeTruthy();
    // The nonce is used up: its cookie is cleared.
    expect(res.headers.getSetCookie().find((l) => l.startsWith(`${VERIFY_COOKIE}=;`))).toMatch(/Max-Age=0/);
    const refreshed = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: refreshCookie ?? '' },
    });
    const session = (await refreshed.json()) as {
      user: { email: string; email_confirmed_at: string | null };
    };
    expect(session.user).toMatchObject({ email });
    expect(session.user.email_confirmed_at).not.toBeNull();
    const logs = await server.deps.dbHandle.db.selectFrom('session_logs').selectAll().execute();
    expect(logs.some((l) => l.device === 'Windows' && l.os === 'Windows')).toBe(true);

    const again = await press(token, cookie);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
    expect(refreshCookieOf(again)).toBeUndefined();
    expect(await (await check(token, cookie)).json()).toMatchObject({ state: 'used' });
  });

  it('pressed in another browser: asks for a new password, which replaces the sign-up’s; no sign-in', async () => {
    const { email, token, cookie } = await signUpInBrowser();
    const bare = await press(token);
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('verify_password_required');
    expect(await confirmedAt(email)).toBeNull();
    const weak = await press(token, undefined, { password: 'password123' });
    expect(weak.status).toBe(400);
    expect(await confirmedAt(email)).toBeNull();

    const res = await press(token, undefined, { password: 'a fresh mailbox password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signed_in: false });
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await confirmedAt(email)).not.toBeNull();
    // The sign-up browser's nonce no longer does anything with that link: it is used.
    expect((await press(token, cookie)).status).toBe(400);
    const login = (password: string) => postJson(server, '/api/auth/login', { email, password });
    expect((await login('plum orchard lantern')).status).toBe(400);
    expect((await login('a fresh mailbox password')).status).toBe(200);
  });

  it('an attacker’s link opened by a victim holding another nonce does not sign the victim in', async () => {
    const attacker = await signUpInBrowser(uniqueEmail('attacker'));
    const victim = await signUpInBrowser(uniqueEmail('victim'));
    const res = await press(attacker.token, victim.cookie);
    expect(res.status).toBe(400);
    expect(refreshCookieOf(res)).toBeUndefined();
    // The victim keeps their own nonce cookie, so their own link still signs them in.
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${VERIFY_COOKIE}=`))).toBe(false);
    const own = await press(victim.token, victim.cookie);
    expect(await own.json()).toEqual({ signed_in: true });
    expect(refreshCookieOf(own)).toBeTruthy();
  });

  it('an empty or forged nonce cookie does not sign in', async () => {
    for (const forged of ['', 'A'.repeat(43), '%00']) {
      const { token } = await signUpInBrowser();
      const res = await press(token, `${VERIFY_COOKIE}=${forged}`);
      expect(res.status).toBe(400);
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('a sign-up for an address that already has an account sets a cookie that looks the same', async () => {
    const user = await createUser(server);
    const fresh = await signup({ email: uniqueEmail('fresh'), password: 'plum orchard lantern' });
    const taken = await signup({ email: user.email, password: 'plum orchard lantern' });
    const shape = (res: Response) =>
      (res.headers.getSetCookie().find((l) => l.startsWith(`${VERIFY_COOKIE}=`)) ?? '')
        .replace(/=[^;]*/, '=<nonce>')
        .replace(/Expires=[^;]*/i, 'Expires=<date>');
    expect(shape(taken)).toBe(shape(fresh));
    expect(shape(taken)).toContain(`${VERIFY_COOKIE}=<nonce>`);
    expect((verifyCookieOf(taken) ?? '').length).toBe((verifyCookieOf(fresh) ?? '').length);
  });

  it('refuses an expired link, a made-up token and a missing token', async () => {
    const { email, token, cookie } = await signUpInBrowser(uniqueEmail('expired'));
    await server.deps.dbHandle.db
      .updateTable('email_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'verify')
      .execute();
    expect(await (await check(token, cookie)).json()).toMatchObject({ state: 'expired', email });
    expect(await (await check('made-up')).json()).toEqual({
      state: 'invalid',
      email: null,
      same_browser: false,
    });
    for (const body of [{ token }, { token: 'made-up' }, {}, { token: 'x'.repeat(500) }]) {
      const res = await postJson(server, '/api/auth/verify', body, { cookie });
      expect(res.status).toBe(400);
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    expect(await confirmedAt(email)).toBeNull();
  });
});

describe('POST /api/auth/resend', () => {
  const resend = (body: unknown) => postJson(server, '/api/auth/resend', body);

  it('sends a new link, then enforces the 60 s cool-down per address', async () => {
    const email = uniqueEmail('resend');
    await signup({ email, password: 'plum orchard lantern' });
    const first = await withMail(server, email, () => resend({ email }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect((await outboxFor(server, email)).length).toBe(2);

    const second = await resend({ email: email.toUpperCase() });
    const error = await expectError(second, 429, 'resend_cooldown');
    expect(error.retryAfterSeconds).toBeGreaterThan(55);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(second.headers.get('retry-after')).toBeTruthy();
    expect((await outboxFor(server, email)).length).toBe(2);

    // When the window has passed (moved back in the database), resending works again.
    await server.deps.dbHandle.db
      .updateTable('rate_limits')
      .set({ reset_at: sql`now() - interval '1 second'` })
      .where('key', 'like', 'resend:cooldown:%')
      .execute();
    expect((await withMail(server, email, () => resend({ email }))).status).toBe(200);
    expect((await outboxFor(server, email)).length).toBe(3);
  });

  it('the new link signs in the browser that signed up, never the one that asked', async () => {
    const email = uniqueEmail('renonce');
    const signedUp = verifyCookieOf(await signup({ email, password: 'plum orchard lantern' })) ?? '';
    // Anyone may ask (the owner of a squatted address among them): the answer sets no cookie.
    const res = await withMail(server, email, () => resend({ email }));
    expect(res.status).toBe(200);
    expect(verifyCookieOf(res)).toBeUndefined();
    const token = await verificationToken(server, email);
    const elsewhere = await press(token, 'a-browser-that-only-asked');
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe(
      'verify_password_required',
    );
    const opened = await press(token, signedUp);
    expect(await opened.json()).toEqual({ signed_in: true });
    expect(refreshCookieOf(opened)).toBeTruthy();
    // An unknown address gets the same answer.
    const unknown = await resend({ email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    expect(verifyCookieOf(unknown)).toBeUndefined();
  });

  it('answers 200 for unknown and already verified addresses without sending anything', async () => {
    const unknown = uniqueEmail('nobody');
    expect((await resend({ email: unknown })).status).toBe(200);
    expect(await outboxFor(server, unknown)).toHaveLength(0);
    const user = await createUser(server);
    const before = (await outboxFor(server, user.email)).length;
    expect((await resend({ email: user.email })).status).toBe(200);
    expect(await outboxFor(server, user.email)).toHaveLength(before);
  });

  it('validates the address with the SPEC messages', async () => {
    await expectError(await resend({}), 400, 'validation_failed', MESSAGES.emailRequired);
    await expectError(await resend({ email: 'nope' }), 400, 'validation_failed', MESSAGES.emailInvalid);
  });
});
