import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecurityEventsRepo } from '../../src/modules/security/repo';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/*
 * Failed sign-ins are lines of bursts: one per account, address and 15 minutes, counting. A failure
 * noted late (the worker a pass behind, on another instance) may fall in the windows of two lines:
 * it is counted once, on the newest.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a failure noted late', () => {
  it('is counted on one line only', async () => {
    const user = await createUser(server);
    const db = server.deps.dbHandle.db;
    const repo = createSecurityEventsRepo(db);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
    const WINDOW = 15 * 60;
    await repo.countFailedSignIn(user.id, '192.0.2.7', WINDOW, 'sign_in_failed', at(0));
    await repo.countFailedSignIn(user.id, '192.0.2.7', WINDOW, 'sign_in_failed', at(20));
    await repo.countFailedSignIn(user.id, '192.0.2.7', WINDOW, 'sign_in_failed', at(10));
    const lines = await db
      .selectFrom('security_events')
      .select(['detail', 'created_at'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'sign_in_failed')
      .orderBy('created_at')
      .execute();
    expect(lines.map((l) => [new Date(l.created_at).toISOString(), l.detail])).toEqual([
      [at(0), { count: 1 }],
      [at(20), { count: 2 }],
    ]);
  });
});
