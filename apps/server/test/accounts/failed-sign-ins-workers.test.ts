import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/logger';
import { onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { failedSignInsWorker, IDLE_QUEUES } from './failed-sign-ins-support';

/*
 * Two instances' failed sign-in workers each take a batch (skip locked) and one advisory lock per
 * account, held to the end of the pass: taken in the accounts' order, two batches naming the same
 * accounts in opposite orders never deadlock (which would fail a pass, logged, its rows left for
 * the next poll).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, IDLE_QUEUES);
});
afterAll(() => server?.close());

function workerWith(errors: unknown[]) {
  const logger = {
    error: (obj: unknown) => errors.push(obj),
    warn: (obj: unknown) => errors.push(obj),
    info: () => {},
    debug: () => {},
    child() {
      return this;
    },
  } as unknown as Logger;
  return failedSignInsWorker(server, logger);
}

describe.skipIf(!onPostgres)('two workers at once', () => {
  it('never fail a pass on each other', async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const db = server.deps.dbHandle.db;
    const rows = [
      ...Array.from({ length: 25 }, () => b.id),
      ...Array.from({ length: 25 }, () => a.id),
      ...Array.from({ length: 25 }, () => a.id),
      ...Array.from({ length: 25 }, () => b.id),
    ].map((user_id) => ({ user_id, ip: '192.0.2.1', locked_seconds: 0 }));
    for (const row of rows) await db.insertInto('failed_sign_ins').values(row).execute();
    const errors: unknown[] = [];
    const one = workerWith(errors);
    const two = workerWith(errors);
    // started: each drain passes once at start (and again while its batch came back full).
    one.start();
    two.start();
    await Promise.all([one.runOnce(), two.runOnce()]);
    await Promise.all([one.stop(), two.stop()]);
    expect(errors).toEqual([]);
    expect(await db.selectFrom('failed_sign_ins').select('id').execute()).toEqual([]);
  });
});
