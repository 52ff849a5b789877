import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { createUser, postJson, type TestUser, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/**
 * The old address's link promises the owner their account back 'if this wasn't you'. Whoever asked
 * for the change (they know the password) must not be able to take that away by withdrawing the
 * request, asking again, or signing the other sessions out; and the link, the confirm link and
 * 'Sign out all other sessions' at the same moment queue instead of deadlocking.
 */
const { world, request, login, confirm, cancel, confirmLink, cancelLink, codeOf, emailOf } =
  useEmailChangeServer();

async function attackerSession(owner: TestUser): Promise<TestUser> {
  const signIn = await login(owner.email, owner.password);
  const { access_token } = (await signIn.json()) as { access_token: string };
  return { ...owner, authHeader: { Authorization: `Bearer ${access_token}` } };
}
const alive = async (user: TestUser) =>
  (await world.server.fetch('/api/me/profile', { headers: user.authHeader })).status === 200;

describe('a change withdrawn by whoever asked for it', () => {
  it.each([
    [
      'cancelled in Settings',
      (attacker: TestUser) =>
        world.server.fetch('/api/me/account/email', { method: 'DELETE', headers: attacker.authHeader }),
    ],
    ['replaced by another request', (attacker: TestUser) => request(attacker, uniqueEmail('second'))],
    [
      'ended by Sign out all other sessions',
      (attacker: TestUser) =>
        postJson(world.server, '/api/me/sessions/sign-out-others', {}, attacker.authHeader),
    ],
  ])(
    '%s: the owner’s link still signs everyone out and asks for a new password, once',
    async (_, withdraw) => {
      const owner = await createUser(world.server);
      const attacker = await attackerSession(owner);
      const address = uniqueEmail('attacker');
      expect((await request(attacker, address)).status).toBe(202);
      const ownersLink = await cancelLink(owner.email);
      const confirmAt = await confirmLink(address);
      expect((await withdraw(attacker)).status).toBeLessThan(300);

      const res = await cancel(ownersLink);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ restored: true, email: owner.email });
      expect(await alive(attacker)).toBe(false);
      expect((await login(owner.email, owner.password)).status).toBe(400);
      // The withdrawn change itself never comes back, and the link works once.
      expect((await confirm(confirmAt)).status).toBe(400);
      expect(await emailOf(owner.id)).toBe(owner.email);
      const again = await cancel(ownersLink);
      expect(again.status).toBe(400);
      expect(await codeOf(again)).toBe('invalid_token');
    },
  );

  it('after the owner used a later link, the withdrawn one’s link is spent too', async () => {
    const owner = await createUser(world.server);
    const attacker = await attackerSession(owner);
    expect((await request(attacker, uniqueEmail('first'))).status).toBe(202);
    const first = await cancelLink(owner.email);
    expect((await request(attacker, uniqueEmail('second'))).status).toBe(202);
    const second = await cancelLink(owner.email);
    expect(second).not.toBe(first);
    expect((await cancel(second)).status).toBe(200);
    expect((await cancel(first)).status).toBe(400);
  });
});

/** Whether a backend other than `c` waits on a lock. */
const someoneWaits = async (c: pg.Client) =>
  ((
    await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    )
  ).rows[0]?.n ?? 0) > 0;

/*
 * 'Sign out all other sessions' takes the account, then ends the pending change. A link that took
 * its change first and then the account deadlocked with it (PostgreSQL failed one of the two). An
 * outside session plays the sign-out's two statements around the link: the second must not wait.
 */
describe.skipIf(!onPostgres)('a link against Sign out all other sessions', () => {
  it.each(['confirm', 'cancel'] as const)(
    'the %s link waits for the account before its change',
    async (which) => {
      const { server } = world;
      const owner = await createUser(server);
      const address = uniqueEmail('racing');
      expect((await request(owner, address)).status).toBe(202);
      const link = which === 'confirm' ? await confirmLink(address) : await cancelLink(owner.email);
      const outside = new pg.Client({ connectionString: server.config.database.url });
      await outside.connect();
      let res: Response;
      try {
        await outside.query('begin');
        await outside.query('select id from users where id = $1 for no key update', [owner.id]);
        const pending = which === 'confirm' ? confirm(link) : cancel(link);
        for (let i = 0; i < 200 && !(await someoneWaits(outside)); i++)
          await new Promise((r) => setTimeout(r, 20));
        await outside.query(`set local lock_timeout = '400ms'`);
        // The rows the sign-out's update of the pending change would lock.
        await outside.query('select id from email_changes where user_id = $1 for no key update', [owner.id]);
        await outside.query('commit');
        res = await pending;
      } finally {
        await outside.end();
      }
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await emailOf(owner.id)).toBe(which === 'confirm' ? address : owner.email);
    },
  );
});
