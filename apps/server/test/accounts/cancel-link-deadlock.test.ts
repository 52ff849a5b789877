import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { createUser, postJson, uniqueEmail } from '../support/users';
import { squat, useEmailChangeServer } from './email-change-support';

const { world, ...calls } = useEmailChangeServer();

/** Whether a backend waits on a lock running a statement like `pattern` (this test's only). */
const waitingOn = async (c: pg.Client, pattern: string) =>
  ((
    await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
      [pattern],
    )
  ).rows[0]?.n ?? 0) > 0;

/*
 * The link worker reads each request's account with a shared lock and keeps it for its pass (up
 * to 20 requests in one transaction). A cancel link whose old address an unverified account
 * squats deletes that account, then writes the owner's: the other order. Forgot password for the
 * owner's current address, then for the old one, in one pass while the owner presses the button:
 * PostgreSQL breaks the deadlock by failing the cancel, which runs again and answers. An outside
 * session holds the outbox for a moment to place the worker between its two reads.
 */
describe.skipIf(!onPostgres)('the link worker against the cancel link', () => {
  it('racing a cancel that deletes the squatter of the old address: the cancel still answers', async () => {
    const { server } = world;
    {
      const owner = await createUser(server);
      const b = uniqueEmail('attacker');
      expect((await calls.request(owner, b)).status).toBe(202);
      const cancelAt = await calls.cancelLink(owner.email);
      expect((await calls.confirm(await calls.confirmLink(b))).status).toBe(200);
      await squat(server, owner.email);
      const outside = new pg.Client({ connectionString: server.config.database.url });
      await outside.connect();
      let res: Response;
      try {
        await outside.query('begin');
        await outside.query('lock table mail_outbox in share mode');
        await postJson(server, '/api/auth/forgot-password', { email: b });
        await postJson(server, '/api/auth/forgot-password', { email: owner.email });
        for (let i = 0; i < 100 && !(await waitingOn(outside, '%insert into "mail_outbox"%')); i++)
          await new Promise((r) => setTimeout(r, 20));
        const pending = calls.cancel(cancelAt);
        for (let i = 0; i < 100 && !(await waitingOn(outside, '%update "users" set "email"%')); i++)
          await new Promise((r) => setTimeout(r, 20));
        await outside.query('commit');
        res = await pending;
      } finally {
        await outside.end();
      }
      // The deadlock PostgreSQL broke rolled the cancel back, and it ran again: the owner's page
      // gets its answer.
      expect(res.status, await res.clone().text()).toBe(200);
    }
  });
});
