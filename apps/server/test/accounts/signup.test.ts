import { MESSAGES } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, outboxFor, postJson, refreshCookieOf, uniqueEmail } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signup = (body: unknown) => postJson(server, '/api/auth/signup', body);

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
  it('creates an unverified account and queues a branded verification e-mail', async () => {
    const email = uniqueEmail('new');
    const res = await signup({ email, password: 'password123' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ email, email_confirmed_at: null });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await outboxFor(server, email);
    expect(mail?.subject).toBe('Confirm your Omnia account');
    expect(mail?.text_body).toContain(`${server.config.publicUrl}/api/auth/verify?token=`);
    expect(mail?.html_body).toContain('Verify my email');
    // The token itself is not stored, only its hash.
    const token =
      new URL((mail?.text_body.match(/https?:\/\/\S+/) ?? [''])[0]).searchParams.get('token') ?? '';
    const stored = await server.deps.dbHandle.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it.each([
    [{ password: 'password123' }, 'email', MESSAGES.emailRequired],
    [{ email: '', password: 'password123' }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'password123' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'a@b', password: 'password123' }, 'email', MESSAGES.emailInvalid],
    [{ email: 'ok@example.test' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'ok@example.test', password: '' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'ok@example.test', password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ email: 42, password: 'password123' }, 'email', MESSAGES.emailRequired],
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
    expect((await signup({ email, password: 'password123' })).status).toBe(201);
    expect((await signup({ email, password: 'password123' })).status).toBe(201);
    const mails = await outboxFor(server, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your Omnia account', 'Confirm your Omnia account']);
  });
});

describe('GET /api/auth/verify', () => {
  it('verifies, signs in (refresh cookie + session log) and lands on /auth/callback; the link works once', async () => {
    const email = uniqueEmail('verify');
    await signup({ email, password: 'password123' });
    const link = await latestLink(server, email, '/api/auth/verify');
    const res = await server.fetch(link, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/callback');
    const cookie = refreshCookieOf(res);
    expect(cookie).toBeTruthy();
    const refreshed = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: cookie ?? '' },
    });
    const session = (await refreshed.json()) as { user: { email_confirmed_at: string | null } };
    expect(session.user.email_confirmed_at).not.toBeNull();
    const logs = await server.deps.dbHandle.db.selectFrom('session_logs').selectAll().execute();
    expect(logs.some((l) => l.device === 'Windows' && l.os === 'Windows')).toBe(true);

    const again = await server.fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(
      `/auth/callback?error=${encodeURIComponent('This link is invalid or has expired')}`,
    );
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it('refuses an expired link, a made-up token and a missing token', async () => {
    const email = uniqueEmail('expired');
    await signup({ email, password: 'password123' });
    const link = await latestLink(server, email, '/api/auth/verify');
    await server.deps.dbHandle.db
      .updateTable('email_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'verify')
      .execute();
    for (const path of [
      link,
      '/api/auth/verify?token=made-up',
      '/api/auth/verify',
      `/api/auth/verify?token=${'x'.repeat(500)}`,
    ]) {
      const res = await server.fetch(path, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
    }
    const user = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).toBeNull();
  });
});

describe('POST /api/auth/resend', () => {
  const resend = (body: unknown) => postJson(server, '/api/auth/resend', body);

  it('sends a new link, then enforces the 60 s cool-down per address', async () => {
    const email = uniqueEmail('resend');
    await signup({ email, password: 'password123' });
    const first = await resend({ email });
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
    expect((await resend({ email })).status).toBe(200);
    expect((await outboxFor(server, email)).length).toBe(3);
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
