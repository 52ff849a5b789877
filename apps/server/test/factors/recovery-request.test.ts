import type { FactorsOverview } from '@omnia/contracts/factors';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  changePassword,
  cookieOf,
  createUser,
  latestLink,
  outboxFor,
  postJson,
  REFRESH_COOKIE,
  type TestUser,
  withMail,
} from '../support/users';
import { codeAt, enableTotp, firstStep, removalAfterOf, secondStep, sessionOf } from './helpers';

/**
 * Second factors: an authenticator app and recovery codes, the second step of a
 * password sign-in, and the half-signed-in state between the two.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const _overview = async (user: TestUser) =>
  (await (await server.fetch('/api/me/factors', { headers: user.authHeader })).json()) as FactorsOverview;
const _errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

// The way back when every second factor is lost: the recovery request (two-step.test.ts has enrolment, sign-in and step-up).

async function _countSessions(userId: string) {
  const rows = await server.deps.dbHandle.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('the way back when every second factor is lost', () => {
  const resetWith = async (user: TestUser, password: string) => {
    const asked = await withMail(server, user.email, () =>
      postJson(server, '/api/auth/forgot-password', { email: user.email }),
    );
    expect(asked.status).toBe(200);
    const link = await latestLink(server, user.email, '/auth/reset-password');
    const token = new URL(link, server.url).searchParams.get('token') ?? '';
    expect((await postJson(server, '/api/auth/reset-password', { token, password })).status).toBe(200);
  };
  const factorsOf = async (auth: Record<string, string>) =>
    (await (await server.fetch('/api/me/factors', { headers: auth })).json()) as FactorsOverview;
  /** A recovery request's week, already over: the app's announced removal has passed. */
  const weekOver = (user: TestUser) =>
    server.deps.dbHandle.db
      .updateTable('totp_factors')
      .set({ removal_after: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
  const requestRecovery = (cookie: string) =>
    server.fetch('/api/auth/two-step/recovery-request', { method: 'POST', headers: { cookie } });

  it('a password reset never touches the second factor: whoever reads the mailbox still needs it', async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    await resetWith(user, 'quiet meadow river stone');
    const after = await firstStep(server, { email: user.email, password: 'quiet meadow river stone' });
    expect(after.body.two_step).toBe(true);
    // Nothing was scheduled, and nobody was told it would be.
    expect(await removalAfterOf(server, user.id)).toBeNull();
    const subjects = (await outboxFor(server, user.email)).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('Two-step verification will turn off'))).toBe(false);
  });

  it('every second step lost: a recovery request waits seven days, told by mail and in the bell; a sign-in with a second step cancels it', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    const half = await firstStep(server, user);
    // Without the half-signed-in state (the password), nobody can ask.
    expect((await requestRecovery('')).status).toBe(401);
    const asked = await requestRecovery(half.cookie);
    expect(asked.status).toBe(200);
    const { removal_after } = (await asked.json()) as { removal_after: string };
    const days = (new Date(removal_after).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const mails = await outboxFor(server, user.email);
    expect(mails.some((m) => m.subject === 'Two-step verification will turn off in 7 days')).toBe(true);
    const notices = await server.deps.dbHandle.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    expect(notices.map((n) => n.kind)).toContain('second_factor_removal_scheduled');
    // Still on meanwhile; the owner, who still has the app, signs in with it: the request ends.
    const owner = await firstStep(server, user);
    expect(owner.body.two_step).toBe(true);
    const signedIn = await secondStep(server, owner.cookie, 'totp', codeAt(secret, Date.now() + 30_000));
    expect(signedIn.status).toBe(200);
    const auth = { Authorization: `Bearer ${(await sessionOf(signedIn)).access_token}` };
    expect((await factorsOf(auth)).totp).toMatchObject({ enabled: true, removal_after: null });
  });

  it('a reset by e-mail and a recovery request: refused within a week of the reset; a reset ends a waiting request', async () => {
    // Someone in the mailbox resets the password, then asks to drop the second factor: refused.
    const victim = await createUser(server);
    await enableTotp(server, victim);
    await resetWith(victim, 'taken over mailbox pass');
    const half = await firstStep(server, { email: victim.email, password: 'taken over mailbox pass' });
    const refused = await requestRecovery(half.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('recovery_after_reset');
    // The other order: a request made with a leaked password ends when the owner resets it.
    const owner = await createUser(server);
    await enableTotp(server, owner);
    expect((await requestRecovery((await firstStep(server, owner)).cookie)).status).toBe(200);
    await resetWith(owner, 'the owner took it back');
    expect(await removalAfterOf(server, owner.id)).toBeNull();
  });

  it("any signed-in session can cancel a recovery request, without 'Confirm it's you'", async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    expect((await requestRecovery((await firstStep(server, user)).cookie)).status).toBe(200);
    // A session older than ten minutes (no fresh second factor) still may.
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ authenticated_at: sql`now() - interval '1 hour'`, second_factor_at: null })
      .where('user_id', '=', user.id)
      .execute();
    expect((await factorsOf(user.authHeader)).totp.removal_after).not.toBeNull();
    expect((await postJson(server, '/api/me/factors/keep', {}, user.authHeader)).status).toBe(204);
    expect((await factorsOf(user.authHeader)).totp).toMatchObject({ enabled: true, removal_after: null });
    expect((await postJson(server, '/api/me/factors/keep', {}, user.authHeader)).status).toBe(404);
    // The mail says what happened: the request was cancelled, nothing was added.
    const kept = (await outboxFor(server, user.email)).find((m) => m.subject.includes('stays on'));
    expect(kept?.subject).toBe('Two-step verification stays on for your Omnia account');
    expect(kept?.text_body).not.toContain('new second step');
  });

  it('once the announced time has passed, the password alone signs in again and housekeeping removes the factor', async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    const db = server.deps.dbHandle.db;
    await weekOver(user);
    const login = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(cookieOf(login, REFRESH_COOKIE)).toBeTruthy();
    const { FACTORS_PURGE_STEPS } = await import('../../src/modules/factors');
    await FACTORS_PURGE_STEPS.totp_factors?.(db);
    expect(
      await db.selectFrom('totp_factors').select('user_id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
  });
  it('once the announced time has passed, the app can be set up again before housekeeping runs', async () => {
    const user = await createUser(server);
    const { recoveryCodes: old } = await enableTotp(server, user);
    await weekOver(user);
    expect((await factorsOf(user.authHeader)).totp.enabled).toBe(false);
    // Set up again: on, with new codes; the old app's codes went with it.
    const { recoveryCodes } = await enableTotp(server, user);
    expect(recoveryCodes).toHaveLength(10);
    expect((await factorsOf(user.authHeader)).totp).toMatchObject({ enabled: true, removal_after: null });
    const { cookie } = await firstStep(server, user);
    expect((await secondStep(server, cookie, 'recovery', old[0] ?? '')).status).toBe(400);
    expect((await secondStep(server, cookie, 'recovery', recoveryCodes[0] ?? '')).status).toBe(200);
  });
  it('an app past its removal never goes without its recovery codes, even when the purge fails', async () => {
    const user = await createUser(server);
    const { recoveryCodes: old } = await enableTotp(server, user);
    const db = server.deps.dbHandle.db;
    await weekOver(user);
    // The codes' delete fails (a timeout, a lost connection): nothing of the purge stays.
    await sql
      .raw(`create function refuse_code_delete() returns trigger language plpgsql as $$
        begin raise exception 'the codes could not be deleted'; end $$`)
      .execute(db);
    await sql`create trigger refuse_code_delete before delete on recovery_codes
      for each row execute function refuse_code_delete()`.execute(db);
    try {
      const refused = await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader);
      expect(refused.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_code_delete on recovery_codes`.execute(db);
    }
    // Set up again: new codes, and none of the old app's works.
    const { recoveryCodes } = await enableTotp(server, user);
    expect(recoveryCodes).toHaveLength(10);
    const { cookie } = await firstStep(server, user);
    expect((await secondStep(server, cookie, 'recovery', old[0] ?? '')).status).toBe(400);
  });
});

describe('a recovery request filed with a leaked password', () => {
  it('ends when the owner changes the password, as after a reset', async () => {
    const owner = await createUser(server);
    await enableTotp(server, owner);
    const intruder = await firstStep(server, owner);
    expect(intruder.body.two_step).toBe(true);
    const asked = await server.fetch('/api/auth/two-step/recovery-request', {
      method: 'POST',
      headers: { cookie: intruder.cookie },
    });
    expect(asked.status).toBe(200);
    expect((await changePassword(server, owner, 'a brand new passphrase 42')).status).toBe(200);
    const factors = (await (
      await server.fetch('/api/me/factors', { headers: owner.authHeader })
    ).json()) as FactorsOverview;
    expect(factors.totp.removal_after).toBeNull();
    expect(factors.totp.enabled).toBe(true);
  });
});
