import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedSignInsNoted } from '../support/queues';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, postJson, type TestUser, withMail } from '../support/users';
import { burst, failedChecksOf, statusCounts } from './lockout-helpers';

/**
 * The per-account lockout (5 password checks per 15 minutes) under concurrency: an attempt is
 * counted before its password is checked, so a burst cannot slip past the limit.
 */
let server: TestServer;
beforeAll(async () => {
  // Each test speaks from its own address (X-Forwarded-For), so per-IP budgets never mix.
  server = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const login = (email: string, password: string, ip: string) =>
  postJson(server, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });
const codeOf = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;

async function lockedOut(user: TestUser, ip: string) {
  for (let i = 0; i < 5; i++) await login(user.email, `wrong password ${i}`, ip);
  const refused = await login(user.email, user.password, ip);
  expect(refused.status).toBe(429);
  // The lock's mail is written by then.
  await failedSignInsNoted(server);
}

describe('login lockout under concurrency', () => {
  it('28 wrong passwords and the right one at once: at most 5 are checked, the rest get 429, and the account stays locked', async () => {
    const user = await createUser(server);
    const passwords = [...Array.from({ length: 28 }, (_, i) => `wrong password ${i}`), user.password];
    const answers = await burst(passwords.map((p) => () => login(user.email, p, '10.16.0.1')));
    const counts = statusCounts(answers);
    expect(counts[400] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect((counts[400] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect((counts[400] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(29);
    // What was really checked: every failed check is in the account's security log.
    const checks = (await failedChecksOf(server, user.id)) + (counts[200] ?? 0);
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThanOrEqual(5);
    // The burst used the budget up: even the right password is refused now.
    const after = await login(user.email, user.password, '10.16.0.2');
    expect(after.status).toBe(429);
    expect(await codeOf(after)).toBe('rate_limited');
  });

  it('a wrong guess refused while locked is not checked and does not add to the count', async () => {
    const user = await createUser(server);
    await lockedOut(user, '10.16.1.1');
    const before = await failedChecksOf(server, user.id);
    const answers = await burst(
      Array.from({ length: 6 }, (_, i) => () => login(user.email, `still wrong ${i}`, '10.16.1.2')),
    );
    expect(statusCounts(answers)).toEqual({ 429: 6 });
    expect(await failedChecksOf(server, user.id)).toBe(before);
  });

  it('refused and successful attempts do not use up the per-IP budget; failures do', async () => {
    const ip = '10.16.2.1';
    const user = await createUser(server);
    // 30 successes from one address (the per-IP budget is 30 failures): all pass.
    for (let i = 0; i < 30; i++) expect((await login(user.email, user.password, ip)).status).toBe(200);
    const other = await createUser(server);
    await lockedOut(other, '10.16.2.2');
    for (let i = 0; i < 5; i++) expect((await login(other.email, other.password, ip)).status).toBe(429);
    // The address still has its budget for an honest sign-in.
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });
});

describe('change password lockout', () => {
  const change = (user: TestUser, currentPassword: string) =>
    postJson(
      server,
      '/api/auth/change-password',
      { currentPassword, password: 'a brand new password' },
      user.authHeader,
    );

  it('shares the account counter: 12 wrong current passwords sent at once get 5 checks, then even the right one is refused', async () => {
    const user = await createUser(server);
    const answers = await burst(Array.from({ length: 12 }, (_, i) => () => change(user, `not it ${i}`)));
    expect(statusCounts(answers)[200]).toBeUndefined();
    // Every checked (failed) guess stays counted on the account's counter; a refused one never is.
    const counter = await server.deps.dbHandle.db
      .selectFrom('rate_limits')
      .select(['count', 'pending'])
      .where('key', '=', `login:acct:${user.email}`)
      .executeTakeFirstOrThrow();
    expect(counter).toEqual({ count: 5, pending: 0 });
    // The right current password is refused now, unchecked; signing in is locked too (same counter).
    expect((await change(user, user.password)).status).toBe(429);
    expect((await login(user.email, user.password, '10.16.3.1')).status).toBe(429);
    // Once the window has passed, the old password is still the one.
    await server.deps.dbHandle.db
      .updateTable('rate_limits')
      .set({ reset_at: sql`now() - interval '1 second'` })
      .where('key', '=', `login:acct:${user.email}`)
      .execute();
    expect((await login(user.email, user.password, '10.16.3.1')).status).toBe(200);
  });

  it('a right current password clears the failures before it', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 4; i++) expect((await change(user, `nope ${i}`)).status).toBe(400);
    expect((await change(user, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(await codeOf(await login(user.email, `nope ${i}`, '10.16.4.1'))).toBe('invalid_credentials');
  });
});

describe('one counter per account, as the database tells accounts apart', () => {
  it('an address JavaScript lowercases like another account’s (a final sigma) never clears that account’s failures', async () => {
    // PostgreSQL's lower() gives ΟΔΥΣΣΕΥΣ a medial sigma (…σ), JavaScript's a final one (…ς): two
    // accounts, which one lowercasing would have made share a counter.
    const domain = `sigma-${randomBytes(4).toString('hex')}.example.test`;
    const victim = await createUser(server, { email: `οδυσσευς@${domain}`, verified: false });
    const otherPassword = 'the other account password';
    const signup = await postJson(server, '/api/auth/signup', {
      email: `ΟΔΥΣΣΕΥΣ@${domain}`,
      password: otherPassword,
    });
    expect(signup.status).toBe(201);
    const other = await login(`οδυσσευσ@${domain}`, otherPassword, '10.16.9.1');
    expect(other.status).toBe(200);
    const otherAuth = {
      authorization: `Bearer ${((await other.json()) as { access_token: string }).access_token}`,
    };

    for (let i = 0; i < 4; i++)
      expect((await login(victim.email, `guess ${i}`, `10.16.9.${10 + i}`)).status).toBe(400);
    // The other account's right password clears its own failures only.
    expect(
      (await postJson(server, '/api/auth/reauthenticate', { password: otherPassword }, otherAuth)).status,
    ).toBe(200);
    expect((await login(victim.email, 'guess 4', '10.16.9.20')).status).toBe(429);
    expect((await login(victim.email, victim.password, '10.16.9.21')).status).toBe(429);
  });
});

describe('wrong passwords and codes in a signed-in session', () => {
  const failures = async (user: TestUser) =>
    server.deps.dbHandle.db
      .selectFrom('security_events')
      .select(['detail', 'ip'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'confirm_failed')
      .execute();

  it("are in the owner's activity with where they came from: Confirm it's you, password, address, deletion", async () => {
    const user = await createUser(server);
    const from = { ...user.authHeader, 'x-forwarded-for': '10.16.11.1' };
    const wrong = 'not the password at all';
    const answers = [
      await postJson(server, '/api/auth/reauthenticate', { password: wrong }, from),
      await postJson(
        server,
        '/api/auth/change-password',
        { currentPassword: wrong, password: 'a brand new password' },
        from,
      ),
      await postJson(
        server,
        '/api/me/account/email',
        { email: 'somewhere@example.test', password: wrong },
        from,
      ),
      await server.fetch('/api/me/account', {
        method: 'DELETE',
        headers: { ...from, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: wrong }),
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(await failures(user)).toEqual([{ detail: { count: 4 }, ip: '10.16.11.1' }]);
  });
});

describe('password reset lifts the lockout', () => {
  it('after a reset from the mailed link, the new password signs in at once', async () => {
    const user = await createUser(server);
    await lockedOut(user, '10.16.5.1');
    const asked = await withMail(server, user.email, () =>
      postJson(server, '/api/auth/forgot-password', { email: user.email }),
    );
    expect(asked.status).toBe(200);
    const token = new URL(
      await latestLink(server, user.email, '/auth/reset-password'),
      'http://x',
    ).searchParams.get('token');
    const reset = await postJson(server, '/api/auth/reset-password', {
      token,
      password: 'my new password 1',
    });
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'my new password 1', '10.16.5.1')).status).toBe(200);
    // And the budget is whole again: four mistakes do not lock.
    for (let i = 0; i < 4; i++)
      expect(await codeOf(await login(user.email, `oops ${i}`, '10.16.5.1'))).toBe('invalid_credentials');
  });
});
