import { MEMBERS_API } from '@omnia/contracts/members';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { register, send, validClient } from '../developer/helpers';
import { onPostgres } from '../support/outside-session';
import { createUser, postJson, secondSessionOf, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * What the cancel does after its commit (removing the members added since) can fail: an app
 * changed hands between the read and the removal (the intruder's own account accepts an offer the
 * moment the cancel signs their session out). The answer must still be the page's reset token:
 * the password is already unusable and the link spent, and a parked account gets no mail. Placed
 * with an outside session's lock on the first app's row (PostgreSQL only).
 */
const { world, ...calls } = useEmailChangeServer();

describe.skipIf(!onPostgres)('the cancel link racing an accepted handover', () => {
  it('still answers with the reset token when a step after its commit fails', async () => {
    const { server } = world;
    const victim = await createUser(server);
    await giveProfile(server, victim, 'Victim Person');
    const app1 = await register(server, victim, validClient({ name: 'First app' }));
    const app2 = await register(server, victim, validClient({ name: 'Second app' }));
    const intruder = await createUser(server);
    const { username } = await giveProfile(server, intruder, 'Intruder Person');

    const inVictim = await secondSessionOf(server, victim);
    for (const app of [app1, app2])
      expect((await send(server, inVictim, 'POST', MEMBERS_API.members(app.id), { username })).status).toBe(
        201,
      );
    // Both apps offered to the intruder's account: whichever the removal reaches second is accepted.
    for (const app of [app1, app2])
      expect(
        (await send(server, inVictim, 'POST', MEMBERS_API.transfer(app.id), { user_id: intruder.id })).status,
      ).toBe(200);
    const attackerAddress = uniqueEmail('intruder');
    expect((await calls.request(inVictim, attackerAddress)).status).toBe(202);
    const ownersCancel = await calls.cancelLink(victim.email);
    expect((await calls.confirm(await calls.confirmLink(attackerAddress))).status).toBe(200);
    // The owner's old address has a verified account now: the cancel will park.
    await createUser(server, { email: victim.email, password: 'another person here' });

    // The order members-repo.addedSince reads them in (the same statement, no order by).
    const order = await server.deps.dbHandle.db
      .selectFrom('oauth2_client_members as m')
      .innerJoin('oauth2_clients as c', 'c.client_id', 'm.client_id')
      .select(['c.id as app_id', 'm.user_id'])
      .where('c.user_id', '=', victim.id)
      .where('m.added_at', '>=', new Date(Date.now() - 8 * 24 * 3600 * 1000))
      .execute();
    const [first, second] = order.map((r) => r.app_id);
    expect(new Set([first, second])).toEqual(new Set([app1.id, app2.id]));

    const outside = new pg.Client({ connectionString: server.config.database.url });
    await outside.connect();
    let cancelled: Response;
    try {
      await outside.query('begin');
      await outside.query('select id from oauth2_clients where id = $1 for update', [first]);
      const pending = calls.cancel(ownersCancel);
      // Wait until the cancel (committed by now) waits on the first app's row.
      for (let i = 0; i < 200; i++) {
        const { rows } = await outside.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query ilike '%from "oauth2_clients"%for update%'`,
        );
        if (rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      // The intruder sees their session on the victim die, and accepts the offered app.
      expect((await send(server, inVictim, 'GET', '/api/me/profile')).status).toBe(401);
      expect(
        (await send(server, intruder, 'POST', MEMBERS_API.acceptTransfer(second as string))).status,
      ).toBe(200);
      await outside.query('commit');
      cancelled = await pending;
    } finally {
      await outside.end();
    }

    // The owner's page gets the reset token, and with it a password that works.
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const body = (await cancelled.json()) as { email: string; reset_token: string };
    expect(body.email).toMatch(/^secured-[0-9a-f]{10}@account\.invalid$/);
    expect(
      (
        await postJson(server, '/api/auth/reset-password', {
          token: body.reset_token,
          password: 'mine again at last',
        })
      ).status,
    ).toBe(200);
    expect((await calls.login(body.email, 'mine again at last')).status).toBe(200);
  });
});
