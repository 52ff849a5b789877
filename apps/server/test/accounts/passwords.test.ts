import { MESSAGES } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createUser,
  latestLink,
  outboxFor,
  postJson,
  refresh,
  uniqueEmail,
  withMail,
} from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const forgot = (body: unknown) => postJson(server, '/api/auth/forgot-password', body);
const reset = (body: unknown) => postJson(server, '/api/auth/reset-password', body);
const login = (email: string, password: string) => postJson(server, '/api/auth/login', { email, password });

async function resetTokenFor(email: string): Promise<string> {
  const link = await latestLink(server, email, '/auth/reset-password');
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same 200 for known and unknown addresses; only the account holder gets mail', async () => {
    const user = await createUser(server);
    const unknown = uniqueEmail('nobody');
    const a = await withMail(server, user.email, () => forgot({ email: user.email }));
    const b = await forgot({ email: unknown });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    expect(await outboxFor(server, unknown)).toHaveLength(0);
    const [mail] = await outboxFor(server, user.email);
    expect(mail?.subject).toBe('Reset your Omnia password');
    expect(mail?.text_body).toContain(`${server.config.publicUrl}/auth/reset-password?token=`);
  });

  it.each([[{}], [{ email: '' }], [{ email: 'nope' }], [{ email: 7 }]])(
    'refuses %j with "Please enter a valid email address"',
    async (body) => {
      const res = await forgot(body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'validation_failed',
        message: MESSAGES.forgotEmailInvalid,
        fields: { email: MESSAGES.forgotEmailInvalid },
      });
    },
  );

  it('limits requests per address', async () => {
    const email = uniqueEmail('spam');
    for (let i = 0; i < 5; i++) expect((await forgot({ email })).status).toBe(200);
    const res = await forgot({ email });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('rate_limited');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, signs out every session and confirms the address', async () => {
    const user = await createUser(server, { verified: false });
    const second = await login(user.email, user.password);
    expect(second.status).toBe(200);
    await withMail(server, user.email, () => forgot({ email: user.email }));
    const token = await resetTokenFor(user.email);

    const res = await reset({ token, password: 'brand-new-password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await login(user.email, user.password)).status).toBe(400);
    const fresh = await login(user.email, 'brand-new-password');
    expect(fresh.status).toBe(200);
    expect(
      ((await fresh.json()) as { user: { email_confirmed_at: string | null } }).user.email_confirmed_at,
    ).not.toBeNull();
    // Every earlier session is gone: refresh tokens and access tokens.
    const refreshed = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: user.refreshCookie },
    });
    expect(refreshed.status).toBe(401);
    expect((await server.fetch('/api/me/session-logs', { headers: user.authHeader })).status).toBe(401);

    const again = await reset({ token, password: 'another-password' });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({
      code: 'invalid_token',
      key: 'errors:invalid_token',
      message: 'This link is invalid or has expired',
    });
  });

  it('refuses an expired link', async () => {
    const user = await createUser(server);
    await withMail(server, user.email, () => forgot({ email: user.email }));
    const token = await resetTokenFor(user.email);
    await server.deps.dbHandle.db
      .updateTable('email_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'reset')
      .execute();
    const res = await reset({ token, password: 'brand-new-password' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_token');
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('expires reset links after 1 hour', async () => {
    const user = await createUser(server);
    await withMail(server, user.email, () => forgot({ email: user.email }));
    const row = await server.deps.dbHandle.db
      .selectFrom('email_tokens')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('ttl'))
      .where('purpose', '=', 'reset')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.ttl)).toBe(3600);
  });

  it.each([
    [{ token: 'x' }, 'password', MESSAGES.newPasswordRequired],
    [{ token: 'x', password: '' }, 'password', MESSAGES.newPasswordRequired],
    [{ token: 'x', password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'long-enough' }, 'token', undefined],
  ])('validates %j', async (body, field, message) => {
    const res = await reset(body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.[field]).toBeTruthy();
    if (message) expect(error.message).toBe(message);
  });

  it('refuses an easily guessed password without using up the link', async () => {
    const user = await createUser(server);
    await withMail(server, user.email, () => forgot({ email: user.email }));
    const token = await resetTokenFor(user.email);
    const local = user.email.split('@')[0] ?? '';
    for (const [password, why] of [
      ['qwertyuiop', MESSAGES.passwordTooCommon],
      [`${local}2026`, MESSAGES.passwordHasPersonalInfo],
    ] as const) {
      const res = await reset({ token, password });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'weak_password', message: why });
    }
    expect((await reset({ token, password: 'a much better passphrase' })).status).toBe(200);
  });

  it('refuses the current password as the new one, without using up the link', async () => {
    const user = await createUser(server);
    await withMail(server, user.email, () => forgot({ email: user.email }));
    const token = await resetTokenFor(user.email);
    const same = await reset({ token, password: user.password });
    expect(same.status).toBe(400);
    expect(await errorOf(same)).toMatchObject({
      code: 'password_unchanged',
      fields: { password: MESSAGES.passwordUnchanged },
    });
    expect((await reset({ token, password: 'a different passphrase now' })).status).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await reset({ token: 'made-up-token', password: 'long-enough' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_token');
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (headers: Record<string, string>, body: unknown) =>
    postJson(server, '/api/auth/change-password', body, headers);

  it('needs a bearer token', async () => {
    const res = await change({}, { currentPassword: 'x', password: 'long-enough' });
    expect(res.status).toBe(401);
  });

  it('checks the current password', async () => {
    const user = await createUser(server);
    const res = await change(user.authHeader, { currentPassword: 'not-it', password: 'long-enough' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: 'wrong_password',
      key: 'errors:wrong_password',
      message: 'Current password is incorrect',
    });
  });

  it('validates the new password', async () => {
    const user = await createUser(server);
    const short = await change(user.authHeader, { currentPassword: user.password, password: 'short' });
    expect(await errorOf(short)).toMatchObject({ message: MESSAGES.passwordTooShort });
    const missing = await change(user.authHeader, { password: 'long-enough' });
    expect(await errorOf(missing)).toMatchObject({ message: MESSAGES.passwordRequired });
  });

  it('refuses the current password as the new one', async () => {
    const user = await createUser(server);
    const res = await change(user.authHeader, { currentPassword: user.password, password: user.password });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'password_unchanged',
      message: MESSAGES.passwordUnchanged,
    });
  });

  it('refuses an easily guessed new password and keeps the old one', async () => {
    const user = await createUser(server);
    const res = await change(user.authHeader, { currentPassword: user.password, password: 'password1' });
    expect(await errorOf(res)).toMatchObject({ code: 'weak_password', message: MESSAGES.passwordTooCommon });
    const login = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it('changes the password and signs out the other sessions, keeping this one', async () => {
    const user = await createUser(server);
    const otherRes = await login(user.email, user.password);
    const otherCookie = otherRes.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const res = await change(user.authHeader, {
      currentPassword: user.password,
      password: 'changed-password',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await login(user.email, 'changed-password')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(400);
    // This session lives on; the other one is revoked.
    expect((await server.fetch('/api/me/session-logs', { headers: user.authHeader })).status).toBe(200);
    expect((await refresh(server, user.refreshCookie)).session.user.id).toBe(user.id);
    const other = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: otherCookie },
    });
    expect(other.status).toBe(401);
  });
});
