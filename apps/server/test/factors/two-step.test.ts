import type { FactorsOverview, TotpSetup } from '@omnia/contracts/factors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { cookieOf, createUser, outboxFor, postJson, REFRESH_COOKIE, type TestUser } from '../support/users';
import { codeAt, confirmItsYou, enableTotp, firstStep, secondStep, sessionOf } from './helpers';

/**
 * Second factors: an authenticator app and recovery codes, the second step of a
 * password sign-in, and the half-signed-in state between the two.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const overview = async (user: TestUser) =>
  (await (await server.fetch('/api/me/factors', { headers: user.authHeader })).json()) as FactorsOverview;
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function countSessions(userId: string) {
  const rows = await server.deps.dbHandle.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('enrolment', () => {
  it('set up, a wrong code refused, the right one turns it on with ten recovery codes shown once; secret sealed, codes hashed', async () => {
    const user = await createUser(server);
    expect((await overview(user)).totp.enabled).toBe(false);
    await confirmItsYou(server, user);
    const setup = await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader);
    expect(setup.status).toBe(200);
    const body = (await setup.json()) as TotpSetup;
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toContain(`otpauth://totp/Omnia:${encodeURIComponent(user.email)}`);
    expect(body.qr_svg.startsWith('<svg')).toBe(true);

    const wrong = await postJson(server, '/api/me/factors/totp/verify', { code: '000000' }, user.authHeader);
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('invalid_code');
    const malformed = await postJson(
      server,
      '/api/me/factors/totp/verify',
      { code: '12ab' },
      user.authHeader,
    );
    expect(malformed.status).toBe(400);
    expect((await overview(user)).totp.enabled).toBe(false);

    const right = await postJson(
      server,
      '/api/me/factors/totp/verify',
      { code: codeAt(body.secret) },
      user.authHeader,
    );
    expect(right.status).toBe(200);
    const { recovery_codes } = (await right.json()) as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect(await overview(user)).toMatchObject({
      totp: { enabled: true },
      recovery_codes: { remaining: 10 },
    });

    const db = server.deps.dbHandle.db;
    const stored = await db
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(body.secret);
    const hashes = await db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    for (const { code_hash } of hashes)
      for (const code of recovery_codes) expect(code_hash).not.toContain(code);
    // A second setup while it is on is refused; the owner was told.
    expect((await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader)).status).toBe(409);
    expect(
      (await outboxFor(server, user.email)).some((m) => m.subject.includes('Two-step verification is on')),
    ).toBe(true);
  });
});

describe('sign-in with a second step', () => {
  let user: TestUser;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    user = await createUser(server);
    ({ secret, recoveryCodes } = await enableTotp(server, user));
  });

  it('the password alone opens no session: the half-signed-in cookie, good only for the second step', async () => {
    const sessionsBefore = await countSessions(user.id);
    const { res, body, cookie } = await firstStep(server, user);
    expect(body).toEqual({ two_step: true, methods: ['totp', 'recovery'] });
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    expect(cookie).toMatch(/^omnia_two_step=/);
    const attrs = res.headers.getSetCookie().find((l) => l.startsWith('omnia_two_step=')) ?? '';
    expect(attrs).toMatch(/HttpOnly/i);
    expect(attrs).toMatch(/SameSite=Strict/i);
    expect(attrs).toMatch(/Path=\/api\/auth\/two-step/);
    expect(await countSessions(user.id)).toBe(sessionsBefore);
    // The half-signed-in state opens no API: it is no session at all.
    for (const path of ['/api/me/profile', '/api/me/factors', '/api/me/sessions', '/api/developer/clients']) {
      expect((await server.fetch(path, { headers: { cookie } })).status).toBe(401);
    }
    // Refreshing with it finds no session at all (204, no session given).
    expect((await server.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie } })).status).toBe(
      204,
    );
  });

  it('a wrong code is refused; the right one opens a session that says both factors were used', async () => {
    const { cookie } = await firstStep(server, user);
    const noCookie = await secondStep(server, '', 'totp', codeAt(secret));
    expect(noCookie.status).toBe(401);
    expect(await errorCode(noCookie)).toBe('two_step_expired');
    const wrong = await secondStep(server, cookie, 'totp', '000000');
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('invalid_code');
    const right = await secondStep(server, cookie, 'totp', codeAt(secret));
    expect(right.status).toBe(200);
    expect(cookieOf(right, REFRESH_COOKIE)).toBeTruthy();
    const session = await sessionOf(right);
    const row = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select(['amr', 'second_factor_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(row.second_factor_at).not.toBeNull();
    expect(
      (
        await server.fetch('/api/me/profile', {
          headers: { Authorization: `Bearer ${session.access_token}` },
        })
      ).status,
    ).toBe(200);
    // The half-signed-in state is single use.
    expect((await secondStep(server, cookie, 'totp', codeAt(secret))).status).toBe(401);
  });

  it('a code counts once: replayed for another sign-in (same time step) it is refused', async () => {
    const first = await firstStep(server, user);
    const code = codeAt(secret, Date.now() + 30_000);
    expect((await secondStep(server, first.cookie, 'totp', code)).status).toBe(200);
    const second = await firstStep(server, user);
    const replay = await secondStep(server, second.cookie, 'totp', code);
    expect(replay.status).toBe(400);
    expect(await errorCode(replay)).toBe('invalid_code');
  });

  it("one account's code never spends another's: two accounts sign in with codes of the same time step", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const { secret: sa } = await enableTotp(server, a);
    const { secret: sb } = await enableTotp(server, b);
    const at = Date.now() + 30_000;
    const first = await firstStep(server, a);
    const second = await firstStep(server, b);
    expect((await secondStep(server, first.cookie, 'totp', codeAt(sa, at))).status).toBe(200);
    expect((await secondStep(server, second.cookie, 'totp', codeAt(sb, at))).status).toBe(200);
  });

  it('two second steps at once with one half-signed-in state: one session, never two', async () => {
    const fresh = await createUser(server);
    const { secret: s } = await enableTotp(server, fresh);
    const { cookie } = await firstStep(server, fresh);
    const code = codeAt(s);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => secondStep(server, cookie, 'totp', code)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('a recovery code works once, the owner is told how many are left', async () => {
    const { cookie } = await firstStep(server, user);
    const code = recoveryCodes[0] ?? '';
    const used = await secondStep(server, cookie, 'recovery', code.toLowerCase());
    expect(used.status).toBe(200);
    const again = await firstStep(server, user);
    expect((await secondStep(server, again.cookie, 'recovery', code)).status).toBe(400);
    expect((await overview(user)).recovery_codes.remaining).toBe(9);
    const mails = await outboxFor(server, user.email);
    expect(mails.some((m) => m.text_body.includes('Recovery codes left: 9.'))).toBe(true);
  });

  it('wrong codes count on the sign-in lockout: the sixth guess is not checked', async () => {
    const target = await createUser(server);
    const { secret: s } = await enableTotp(server, target);
    const { cookie } = await firstStep(server, target);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await secondStep(server, cookie, 'totp', '111111')).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429);
    expect(statuses[5]).toBe(429);
    // Locked: even the right code is refused now.
    expect((await secondStep(server, cookie, 'totp', codeAt(s))).status).toBe(429);
  });
});

describe('step-up', () => {
  it("sensitive actions need a second factor no older than ten minutes; 'Confirm it's you' with a code renews it", async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    const client = await postJson(
      server,
      '/api/developer/clients',
      { name: 'Step-up App', redirect_uris: ['https://s.example/cb'], allowed_scopes: ['email'] },
      user.authHeader,
    );
    const { client: created } = (await client.json()) as { client: { id: string } };
    // Eleven minutes ago, as far as the session knows.
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({
        authenticated_at: new Date(Date.now() - 11 * 60_000),
        second_factor_at: new Date(Date.now() - 11 * 60_000),
        confirmed_at: new Date(Date.now() - 11 * 60_000),
      })
      .where('user_id', '=', user.id)
      .execute();
    const secretPath = `/api/developer/clients/${created.id}/secret`;
    const refused = await server.fetch(secretPath, { headers: user.authHeader });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('step_up_required');
    expect((await postJson(server, '/api/me/recovery-codes', {}, user.authHeader)).status).toBe(403);
    expect(
      (await server.fetch('/api/me/factors/totp', { method: 'DELETE', headers: user.authHeader })).status,
    ).toBe(403);

    const password = await postJson(
      server,
      '/api/auth/reauthenticate',
      { password: user.password },
      user.authHeader,
    );
    expect(password.status).toBe(400);
    expect(await errorCode(password)).toBe('second_factor_required');
    const wrong = await postJson(server, '/api/auth/reauthenticate', { code: '000000' }, user.authHeader);
    expect(wrong.status).toBe(400);
    // Someone with the session and no code: its owner reads it in the activity.
    const failed = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('detail')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'confirm_failed')
      .execute();
    expect(failed).toEqual([{ detail: { count: 1 } }]);
    const right = await postJson(
      server,
      '/api/auth/reauthenticate',
      { code: codeAt(secret) },
      user.authHeader,
    );
    expect(right.status).toBe(200);
    expect((await server.fetch(secretPath, { headers: user.authHeader })).status).toBe(200);
  });

  it('turning two-step off needs a second factor of the last two minutes, even in a session confirmed five minutes ago', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({
        second_factor_at: new Date(Date.now() - 5 * 60_000),
        confirmed_at: new Date(Date.now() - 5 * 60_000),
      })
      .where('user_id', '=', user.id)
      .execute();
    const off = () => server.fetch('/api/me/factors/totp', { method: 'DELETE', headers: user.authHeader });
    const refused = await off();
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('step_up_required');
    // Other sensitive actions still accept that five-minute-old proof.
    expect((await postJson(server, '/api/me/recovery-codes', {}, user.authHeader)).status).toBe(200);
    expect(
      (
        await postJson(
          server,
          '/api/auth/reauthenticate',
          { code: codeAt(secret, Date.now() + 30_000) },
          user.authHeader,
        )
      ).status,
    ).toBe(200);
    expect((await off()).status).toBe(204);
  });

  it('removing the last factor turns two-step off (and its recovery codes): sign-in is the password again', async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    const removed = await server.fetch('/api/me/factors/totp', {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(removed.status).toBe(204);
    expect(await overview(user)).toMatchObject({
      totp: { enabled: false },
      recovery_codes: { remaining: 0 },
    });
    const login = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(cookieOf(login, REFRESH_COOKIE)).toBeTruthy();
  });
});
