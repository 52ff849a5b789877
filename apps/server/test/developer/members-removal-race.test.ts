import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import type { TestUser } from '../support/users';
import { approvedApp, send } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * The owner removes a member while the member's own change of the app is on its way (two sessions
 * of one PostgreSQL). The removal locks the app's row without writing it; the member's change,
 * waiting for that lock, must not then pass as a member's: once removed, they change nothing.
 */
const world = useMembersWorld();

const appOf = async (user: TestUser, app: OAuthClient) =>
  (
    (await (await send(world.server, user, 'GET', DEVELOPER_API.client(app.id))).json()) as {
      client: OAuthClient;
    }
  ).client;

/** An approved app of a new owner, with a new member. */
async function appWithMember() {
  const owner = await world.person();
  const member = await world.person();
  const { app } = await approvedApp(world.server, owner);
  const added = await send(world.server, owner, 'POST', MEMBERS_API.members(app.id), {
    username: member.username,
  });
  expect(added.status).toBe(201);
  return { owner, member, app };
}

/** Runs the removal and then `change`, both held up behind a lock on the member's row until both wait. */
async function removedWhile(
  owner: TestUser,
  member: TestUser,
  app: OAuthClient,
  change: () => Promise<Response>,
) {
  const outside = new pg.Client({ connectionString: world.server.config.database.url });
  await outside.connect();
  const waiting = async (n: number) => {
    for (let i = 0; i < 400; i++) {
      const { rows } = await outside.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      if ((rows[0]?.n ?? 0) >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${n} statements waited`);
  };
  try {
    await outside.query('begin');
    // The removal locks the app's row, then waits here to delete the membership.
    await outside.query(
      'select 1 from oauth2_client_members where client_id = $1 and user_id = $2 for update',
      [app.client_id, member.id],
    );
    const removal = send(world.server, owner, 'DELETE', MEMBERS_API.member(app.id, member.id));
    await waiting(1);
    // The member's change read them as a member, and waits for the app's row.
    const changed = change();
    await waiting(2);
    await outside.query('commit');
    expect((await removal).status).toBe(204);
    return await changed;
  } finally {
    await outside.end();
  }
}

describe.skipIf(!onPostgres)('a member removed while their change is on its way', () => {
  it('cannot leave a redirect URI waiting for review', async () => {
    const { owner, member, app } = await appWithMember();
    const current = await appOf(owner, app);
    const edited = await removedWhile(owner, member, app, () =>
      send(world.server, member, 'PATCH', DEVELOPER_API.client(app.id), {
        name: current.name,
        description: current.description,
        logo_url: current.logo_url,
        allowed_scopes: current.allowed_scopes,
        redirect_uris: [...current.redirect_uris, 'https://attacker.example/steal'],
      }),
    );
    expect(edited.status).toBe(404);
    const after = await appOf(owner, app);
    expect(after.pending_change).toBeNull();
    expect(after.redirect_uris).not.toContain('https://attacker.example/steal');
  });

  it('cannot point the app’s webhook at their server', async () => {
    const { owner, member, app } = await appWithMember();
    const hooked = await removedWhile(owner, member, app, () =>
      send(world.server, member, 'PUT', WEBHOOKS_API.webhook(app.id), {
        url: 'https://attacker.example/hook',
        events: ['user.deleted'],
      }),
    );
    expect(hooked.status).toBe(404);
    expect(((await hooked.json()) as { secret?: string }).secret).toBeUndefined();
    const now = (await (await send(world.server, owner, 'GET', WEBHOOKS_API.webhook(app.id))).json()) as {
      webhook: { url: string } | null;
    };
    expect(now.webhook).toBeNull();
  });
});
