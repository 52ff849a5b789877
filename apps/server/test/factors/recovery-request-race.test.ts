import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { changePassword, createUser } from '../support/users';
import { enableTotp, firstStep, removalAfterOf } from './helpers';

/*
 * A recovery request filed with a known password (someone else's first step) while the owner
 * changes the password, on two sessions of one PostgreSQL: whichever commits first, no request
 * outlives the change ("a reset or a change of the password ends a waiting one").
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe.skipIf(!onPostgres)('a recovery request racing a change of the password', () => {
  it('does not outlive the change', async () => {
    const owner = await createUser(server);
    await enableTotp(server, owner);
    const { cookie } = await firstStep(server, owner);
    const outside = new pg.Client({ connectionString: server.config.database.url });
    await outside.connect();
    const waiting = async () => {
      for (let i = 0; i < 400; i++) {
        const { rows } = await outside.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        if (rows[0]?.n) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('nothing waited');
    };
    let asked: Response;
    let changed: Response;
    try {
      // The request, held up at the factor's row after its checks; the change meanwhile.
      await outside.query('begin');
      await outside.query('select 1 from totp_factors where user_id = $1 for update', [owner.id]);
      const asking = server.fetch('/api/auth/two-step/recovery-request', {
        method: 'POST',
        headers: { cookie },
      });
      await waiting();
      const changing = changePassword(server, owner, 'the owner moves on 2024');
      await new Promise((r) => setTimeout(r, 300));
      await outside.query('commit');
      [asked, changed] = await Promise.all([asking, changing]);
    } finally {
      await outside.end();
    }
    expect(changed.status).toBe(200);
    expect([200, 401]).toContain(asked.status);
    expect(await removalAfterOf(server, owner.id)).toBeNull();
  });
});
