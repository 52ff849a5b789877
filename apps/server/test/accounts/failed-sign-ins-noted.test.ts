import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import { queueResetLink } from '../../src/modules/accounts/links';
import { emailChangeCalls } from '../accounts/email-change-support';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, outboxFor, postJson, uniqueEmail } from '../support/users';
import { failedSignInsWorker, IDLE_QUEUES } from './failed-sign-ins-support';

/*
 * A wrong password is noted by a worker after the answer (failed-sign-ins.ts): for the account
 * whose password was checked, whatever its address by then. The server's own worker is made idle
 * (queuePollMs of an hour: one pass at start only) so the pass is run here, at a chosen moment, as
 * a worker a few seconds behind (or one instance whose passes keep failing) would.
 */
let server: TestServer;
const calls = emailChangeCalls(() => server);
let runPass: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer({}, IDLE_QUEUES);
  const worker = failedSignInsWorker(server, createLogger(server.config));
  // The drain passes only while started: one pass (and whatever it finds full), then stopped.
  runPass = async () => {
    worker.start();
    await worker.runOnce();
    await worker.stop();
  };
});
afterAll(() => server?.close());

const login = (email: string, password: string, ip: string) =>
  postJson(server, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });
const queued = () => server.deps.dbHandle.db.selectFrom('failed_sign_ins').selectAll().execute();
const failedLines = (userId: string) =>
  server.deps.dbHandle.db
    .selectFrom('security_events')
    .select(['kind', 'ip', 'detail', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['sign_in_failed', 'account_locked'])
    .execute();

describe('a wrong password noted after the address changed', () => {
  it('is not written to an account that took the address since', async () => {
    const later = await createUser(server);
    const free = uniqueEmail('free');
    // Someone guesses at an address with no account: 5 guesses, the last one locks its counter.
    for (let i = 0; i < 5; i++) expect((await login(free, `guess ${i}`, '203.0.113.9')).status).not.toBe(200);
    // Before the worker's pass, an older account moves to that address (requested and confirmed).
    expect((await calls.request(later, free)).status).toBe(202);
    expect((await calls.confirm(await calls.confirmLink(free))).status).toBe(200);
    expect((await queued()).length).toBeGreaterThan(0);
    await runPass();
    expect(await queued()).toEqual([]);
    // Nothing in its activity, and no lock mail, for guesses made before it had the address.
    expect(await failedLines(later.id)).toEqual([]);
    expect((await outboxFor(server, free)).filter((m) => /paused/i.test(m.subject))).toEqual([]);
  });

  it('is written to the account whose password it was, at its new address', async () => {
    const owner = await createUser(server);
    const oldAddress = owner.email;
    // Three guesses (the change of address below checks the password on the same budget).
    for (let i = 0; i < 3; i++)
      expect((await login(oldAddress, `guess ${i}`, '203.0.113.10')).status).not.toBe(200);
    const next = uniqueEmail('moved');
    expect((await calls.request(owner, next)).status).toBe(202);
    expect((await calls.confirm(await calls.confirmLink(next))).status).toBe(200);
    await runPass();
    // Three wrong passwords were checked against this account's: its owner reads them.
    const lines = await failedLines(owner.id);
    expect(lines.filter((l) => l.kind === 'sign_in_failed').map((l) => l.detail)).toEqual([{ count: 3 }]);
  });
});

describe('a lock noted after a reset lifted it', () => {
  it('is not told to the owner: the failures are in the activity, the lock is not', async () => {
    const owner = await createUser(server);
    // Five guesses lock the account; the worker has not noted them yet (down, or behind).
    for (let i = 0; i < 5; i++) await login(owner.email, `guess ${i}`, '203.0.113.11');
    expect((await login(owner.email, 'one more', '203.0.113.11')).status).toBe(429);
    // Meanwhile the owner resets the password with a link mailed earlier: the lock is lifted.
    const settings = {
      publicUrl: server.config.publicUrl,
      verifyTokenTtlSeconds: 600,
      resetTokenTtlSeconds: 600,
    };
    await server.deps.dbHandle.db.transaction().execute((trx) => queueResetLink(trx, settings, owner));
    const token = new URL(
      await latestLink(server, owner.email, '/auth/reset-password'),
      'http://x',
    ).searchParams.get('token');
    expect(
      (await postJson(server, '/api/auth/reset-password', { token, password: 'a fresh password 2' })).status,
    ).toBe(200);
    await runPass();
    const lines = await failedLines(owner.id);
    expect(lines.filter((l) => l.kind === 'sign_in_failed').map((l) => l.detail)).toEqual([{ count: 5 }]);
    // No "sign-in is paused" for a sign-in that works again.
    expect(lines.filter((l) => l.kind === 'account_locked')).toEqual([]);
    expect((await outboxFor(server, owner.email)).filter((m) => /paused/i.test(m.subject))).toEqual([]);
    expect((await login(owner.email, 'a fresh password 2', '203.0.113.12')).status).toBe(200);
  });
});
