import { MEMBERS_API } from '@omnia/contracts/members';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { authorizeAs, REDIRECT_URI, redeemCode } from '../oauth/flow';
import { onPostgres } from '../support/outside-session';
import type { TestUser } from '../support/users';
import { approvedApp, deleteAccount, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * An app's owner and its member delete their accounts at the same moment. Each deletion locks its
 * own account, then reaches rows the other may hold (the member leaving the owner's app, the owner
 * ending the grants of their app's users): when PostgreSQL breaks such a deadlock by failing one,
 * that deletion runs again, and both are done. To make them meet, a session of its own holds the
 * first table both write (oidc_models) until both wait on it (PGlite has one connection: nothing
 * races there).
 */
const world = useMembersWorld();

async function bothAtOnce(a: TestUser, b: TestUser): Promise<number[]> {
  const outside = new pg.Client({ connectionString: world.server.config.database.url });
  await outside.connect();
  try {
    await outside.query('begin');
    await outside.query('lock table oidc_models in exclusive mode');
    const answers = Promise.all([deleteAccount(world.server, a), deleteAccount(world.server, b)]);
    for (let i = 0; i < 400; i++) {
      const { rows } = await outside.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      if ((rows[0]?.n ?? 0) >= 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await outside.query('commit');
    return (await answers).map((res) => res.status);
  } finally {
    await outside.end();
  }
}

const addMember = async (owner: TestUser, appId: string, member: { username: string }) =>
  expect((await send(world.server, owner, 'POST', MEMBERS_API.members(appId), member)).status).toBe(201);

describe.skipIf(!onPostgres)('an owner and a member of their app delete their accounts at once', () => {
  it('each a member of the other’s app: both deletions are done', async () => {
    const one = await world.person();
    const other = await world.person();
    const { app: ofOne } = await approvedApp(world.server, one, validClient({ name: 'One' }));
    const { app: ofOther } = await approvedApp(world.server, other, validClient({ name: 'Other' }));
    await addMember(one, ofOne.id, { username: other.username });
    await addMember(other, ofOther.id, { username: one.username });
    expect(await bothAtOnce(one, other)).toEqual([204, 204]);
  });

  it('a member who signed in to the owner’s app: both deletions are done', async () => {
    const owner = await world.person();
    const member = await world.person();
    const { app, client } = await approvedApp(
      world.server,
      owner,
      validClient({ redirect_uris: [REDIRECT_URI] }),
    );
    const { back, verifier } = await authorizeAs(world.server, client, member, 'openid profile');
    expect((await redeemCode(world.server, client, back, verifier)).status).toBe(200);
    await addMember(owner, app.id, { username: member.username });
    expect(await bothAtOnce(owner, member)).toEqual([204, 204]);
  });
});
