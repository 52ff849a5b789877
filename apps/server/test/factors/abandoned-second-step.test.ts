import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_PURGE_STEPS } from '../../src/modules/accounts';
import { createAccountsRepo } from '../../src/modules/accounts/repo';
import { startTestServer, type TestServer } from '../support/test-server';
import { changePassword, createUser, postJson, type TestUser } from '../support/users';
import { codeAt, enableTotp } from './helpers';

/**
 * A right password whose second step never came: once its half-signed-in state expires,
 * housekeeping writes it to the owner's activity, one line per account and round.
 */
let server: TestServer;
beforeAll(async () => {
  // Each sign-in speaks from its own address (X-Forwarded-For).
  server = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(() => server?.close());

const db = () => server.deps.dbHandle.db;
const firstStepFrom = async (user: TestUser, ip: string) => {
  const res = await postJson(
    server,
    '/api/auth/login',
    { email: user.email, password: user.password },
    { 'x-forwarded-for': ip },
  );
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
};
const expire = (user: TestUser) =>
  db()
    .updateTable('two_step_challenges')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', user.id)
    .execute();
const purge = () => {
  const step = ACCOUNTS_PURGE_STEPS.two_step_challenges;
  if (!step) throw new Error('no purge step for two_step_challenges');
  return step(db());
};
const abandonedOf = (user: TestUser) =>
  db()
    .selectFrom('security_events')
    .select(['detail', 'ip'])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'second_step_abandoned')
    .execute();

describe('a second step never made', () => {
  it("is one line in the owner's activity per round, however many addresses: how many, and the newest's", async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    // Someone with the password, from every address of one IPv6 /64.
    for (let i = 1; i <= 12; i++) await firstStepFrom(user, `2001:db8:77:1::${i.toString(16)}`);
    await expire(user);
    await purge();
    expect(await abandonedOf(user)).toEqual([{ detail: { count: 12 }, ip: '2001:db8:77:1::c' }]);
    // Told once: the states are gone.
    await purge();
    expect(await abandonedOf(user)).toHaveLength(1);
  });

  it('is still written after the owner signed out the other sessions or changed the password', async () => {
    for (const [ip, act] of [
      [
        '203.0.113.51',
        (owner: TestUser) => postJson(server, '/api/me/sessions/sign-out-others', {}, owner.authHeader),
      ],
      ['203.0.113.52', (owner: TestUser) => changePassword(server, owner, 'a brand new passphrase 42')],
    ] as const) {
      const owner = await createUser(server);
      await enableTotp(server, owner);
      await firstStepFrom(owner, ip);
      // The first step is dead at once: its cookie finishes nothing.
      expect((await act(owner)).status).toBe(200);
      await expire(owner);
      await purge();
      expect(await abandonedOf(owner)).toEqual([{ detail: { count: 1 }, ip }]);
    }
  });

  it('is not written for one left behind when the owner signed in from that address afterwards', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    // A double submit: two first steps, the second one finished.
    await firstStepFrom(user, '10.20.0.1');
    const cookie = await firstStepFrom(user, '10.20.0.1');
    const done = await postJson(
      server,
      '/api/auth/two-step/totp',
      { code: codeAt(secret) },
      { cookie, 'x-forwarded-for': '10.20.0.1' },
    );
    expect(done.status).toBe(200);
    await expire(user);
    await purge();
    expect(await abandonedOf(user)).toEqual([]);
  });

  it('never deadlocks with the account being deleted meanwhile: both finish', async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    await firstStepFrom(user, '10.20.0.2');
    await expire(user);
    let releaseDeletion = () => {};
    const deletionMayGoOn = new Promise<void>((resolve) => {
      releaseDeletion = resolve;
    });
    let locked = () => {};
    const userLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const outcome = (work: Promise<unknown>) =>
      work.then(
        () => 'ok',
        (err: unknown) => String((err as Error).message),
      );
    // The deletion's order (deletion.ts): the account's row first, then its rows by cascade.
    const deletion = outcome(
      db()
        .transaction()
        .execute(async (trx) => {
          await createAccountsRepo(trx).lockForDeletion(user.id);
          locked();
          await deletionMayGoOn;
          await createAccountsRepo(trx).deleteUser(user.id);
        }),
    );
    await userLocked;
    const purged = outcome(purge());
    await sleep(300);
    releaseDeletion();
    expect(await Promise.all([deletion, purged])).toEqual(['ok', 'ok']);
  });
});
