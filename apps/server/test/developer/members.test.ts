import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import {
  MAX_APP_MEMBERS,
  MEMBERS_API,
  type MembersResponse,
  OWNERSHIP_OFFER_DAYS,
} from '@omnia/contracts/members';
import type { NotificationsResponse } from '@omnia/contracts/notifications';
import { SECURITY_API, type SecurityEventsResponse } from '@omnia/contracts/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, register, send, validClient } from './helpers';

/*
 * Members of an app: the owner adds accounts by username; a member sees and manages the
 * app (credentials, statistics, settings) but only the owner deletes it, offers it to a member
 * (who owns it once they accept) and changes its members. Each change is in the security activity of the owner and of the member, and the
 * owner gets a notice.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A signed-in person with a public username. */
async function person(): Promise<TestUser & { username: string }> {
  const user = await createUser(server);
  const { username } = await giveProfile(server, user);
  return { ...user, username };
}
const members = async (user: TestUser, app: OAuthClient) => {
  const res = await send(server, user, 'GET', MEMBERS_API.members(app.id));
  expect(res.status).toBe(200);
  return (await res.json()) as MembersResponse;
};
const kinds = async (user: TestUser) =>
  (
    (await (await send(server, user, 'GET', SECURITY_API.events)).json()) as SecurityEventsResponse
  ).events.map((e) => [e.kind, e.detail]);
const notices = async (user: TestUser) =>
  ((await (await send(server, user, 'GET', '/api/me/notifications')).json()) as NotificationsResponse)
    .notifications;

describe('members of an app', () => {
  it('the owner adds a member by username; the member sees and manages the app but cannot delete it', async () => {
    const owner = await person();
    const member = await person();
    const app = await register(server, owner, validClient({ name: 'Team App' }));
    expect(await members(owner, app)).toEqual({
      you: 'owner',
      members: [expect.objectContaining({ user_id: owner.id, username: owner.username, role: 'owner' })],
    });

    const added = await send(server, owner, 'POST', MEMBERS_API.members(app.id), {
      username: `@${member.username.toUpperCase()}`,
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as MembersResponse).members.map((m) => [m.username, m.role])).toEqual([
      [owner.username, 'owner'],
      [member.username, 'member'],
    ]);

    // The member's dashboard lists it; its page, secret and statistics open.
    const list = (await (await send(server, member, 'GET', DEVELOPER_API.clients)).json()) as {
      clients: OAuthClient[];
    };
    expect(list.clients.map((c) => c.id)).toContain(app.id);
    expect((await send(server, member, 'GET', DEVELOPER_API.client(app.id))).status).toBe(200);
    expect((await send(server, member, 'GET', DEVELOPER_API.secret(app.id))).status).toBe(200);
    expect((await send(server, member, 'GET', DEVELOPER_API.stats(app.id))).status).toBe(200);
    expect((await send(server, member, 'GET', DEVELOPER_API.errors(app.id))).status).toBe(200);
    const settings = await send(server, member, 'PATCH', DEVELOPER_API.settings(app.id), {
      require_two_step: true,
    });
    expect(settings.status).toBe(200);
    expect((await members(member, app)).you).toBe('member');

    // Only the owner deletes, adds or transfers.
    const del = await send(server, member, 'DELETE', DEVELOPER_API.client(app.id), {
      confirm: 'Team App',
    });
    expect(del.status).toBe(403);
    expect((await errorOf(del)).message).toBe("Only the app's owner can do this");
    const third = await person();
    const refused = await send(server, member, 'POST', MEMBERS_API.members(app.id), {
      username: third.username,
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("Only the app's owner can do this");
    expect(
      (await send(server, member, 'POST', MEMBERS_API.transfer(app.id), { user_id: member.id })).status,
    ).toBe(403);
    expect((await send(server, member, 'DELETE', MEMBERS_API.member(app.id, owner.id))).status).toBe(403);
    expect((await send(server, owner, 'GET', DEVELOPER_API.client(app.id))).status).toBe(200);

    // The owner and the member each see it in their security activity; the owner is told.
    expect(await kinds(owner)).toContainEqual([
      'client_member_added',
      { app: 'Team App', member: member.username },
    ]);
    expect(await kinds(member)).toContainEqual([
      'client_member_added',
      { app: 'Team App', member: member.username },
    ]);
    // The member's change of settings reaches the owner too.
    const told = await notices(owner);
    expect(told.map((n) => n.kind)).toEqual(['app_changed', 'app_members_changed']);
    expect(told[1]).toMatchObject({ data: { app: 'Team App', change: 'added', who: member.username } });
  });

  it('an unknown username, the owner, a member twice, a stranger and bad input change nothing', async () => {
    const owner = await person();
    const member = await person();
    const stranger = await person();
    const app = await register(server, owner, validClient());
    for (const [body, message] of [
      [{ username: 'nobody_here_at_all' }, 'No Omnia account has this username'],
      [{ username: owner.username }, 'This person already manages the app'],
      [{ username: '' }, 'Enter the username of an Omnia account'],
      [{ username: '@' }, 'Enter the username of an Omnia account'],
      [{}, 'Enter the username of an Omnia account'],
      [{ username: 'x'.repeat(500) }, 'No Omnia account has this username'],
    ] as const) {
      const res = await send(server, owner, 'POST', MEMBERS_API.members(app.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username })).status,
    ).toBe(201);
    const twice = await send(server, owner, 'POST', MEMBERS_API.members(app.id), {
      username: member.username,
    });
    expect(twice.status).toBe(400);
    for (const [method, path, body] of [
      ['GET', MEMBERS_API.members(app.id)],
      ['POST', MEMBERS_API.members(app.id), { username: stranger.username }],
      ['DELETE', MEMBERS_API.member(app.id, member.id)],
      ['POST', MEMBERS_API.transfer(app.id), { user_id: stranger.id }],
      ['DELETE', MEMBERS_API.transfer(app.id)],
      ['POST', MEMBERS_API.acceptTransfer(app.id)],
      ['GET', DEVELOPER_API.client(app.id)],
    ] as const)
      expect((await send(server, stranger, method, path, body)).status, `${method} ${path}`).toBe(404);
    expect((await send(server, owner, 'GET', MEMBERS_API.members('nope'))).status).toBe(404);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, 'nope'))).status).toBe(404);
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: 'nope' })).status,
    ).toBe(400);
    expect((await members(owner, app)).members).toHaveLength(2);
  });

  it('a member leaves, or is removed: the app is gone from their dashboard and the owner is told', async () => {
    const owner = await person();
    const [a, b] = [await person(), await person()];
    const app = await register(server, owner, validClient({ name: 'Leaving App' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    expect((await send(server, a, 'DELETE', MEMBERS_API.member(app.id, a.id))).status).toBe(204);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, b.id))).status).toBe(204);
    for (const m of [a, b])
      expect((await send(server, m, 'GET', DEVELOPER_API.client(app.id))).status).toBe(404);
    expect(
      (await notices(owner)).slice(0, 2).map((n) => n.kind === 'app_members_changed' && n.data.change),
    ).toEqual(['removed', 'left']);
    expect(await kinds(a)).toContainEqual([
      'client_member_removed',
      { app: 'Leaving App', member: a.username },
    ]);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, a.id))).status).toBe(404);
  });

  it('the owner offers the app to a member; it is theirs once they accept, and the owner stays on as a member', async () => {
    const owner = await person();
    const heir = await person();
    const outsider = await person();
    const app = await register(server, owner, validClient({ name: 'Heirloom' }));
    const notMember = await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), {
      user_id: outsider.id,
    });
    expect(notMember.status).toBe(400);
    expect((await errorOf(notMember)).message).toBe('Add this person as a member first');
    await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: heir.username });
    const offered = await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id });
    expect(offered.status).toBe(200);
    const pending = (await offered.json()) as MembersResponse;
    // Nothing changed hands yet: the owner is still the owner, the member sees the offer.
    expect(pending.you).toBe('owner');
    expect(pending.members.find((m) => m.user_id === heir.id)?.ownership_offered_until).toEqual(
      expect.any(String),
    );
    expect((await members(heir, app)).you).toBe('member');
    expect((await notices(heir))[0]).toMatchObject({
      data: { app: 'Heirloom', change: 'offered', who: owner.username },
    });
    // The owner cannot accept for them.
    expect((await send(server, owner, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(400);

    const accepted = await send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id));
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as MembersResponse).you).toBe('owner');
    const now = await members(heir, app);
    expect(now.members.map((m) => [m.user_id, m.role, m.ownership_offered_until])).toEqual([
      [heir.id, 'owner', null],
      [owner.id, 'member', null],
    ]);
    // Accepted once: the offer is gone.
    expect((await send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(400);
    // The old owner can no longer delete it; the new one can.
    expect(
      (await send(server, owner, 'DELETE', DEVELOPER_API.client(app.id), { confirm: 'Heirloom' })).status,
    ).toBe(403);
    expect(await kinds(heir)).toContainEqual([
      'client_transferred',
      { app: 'Heirloom', member: heir.username },
    ]);
    expect((await notices(heir))[0]).toMatchObject({ data: { change: 'transferred', who: heir.username } });
    expect((await notices(owner))[0]).toMatchObject({ data: { change: 'transferred', who: heir.username } });
    // Each change is in the app's history.
    const history = (await (await send(server, heir, 'GET', DEVELOPER_API.history(app.id))).json()) as {
      changes: { fields: string[]; state: string }[];
    };
    expect(history.changes.slice(0, 2).map((c) => [c.fields, c.state])).toEqual([
      [['owner'], 'applied'],
      [['members'], 'applied'],
    ]);
    expect(
      (await send(server, heir, 'DELETE', DEVELOPER_API.client(app.id), { confirm: 'Heirloom' })).status,
    ).toBe(204);
    expect((await send(server, owner, 'GET', DEVELOPER_API.client(app.id))).status).toBe(404);
  });

  it('nobody is made an owner unasked: an offer declined, withdrawn, replaced or lapsed hands over nothing', async () => {
    const owner = await person();
    const [a, b] = [await person(), await person()];
    const app = await register(server, owner, validClient({ name: 'Borrowed Name' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    const offer = (to: TestUser) =>
      send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: to.id });
    const accept = (who: TestUser) => send(server, who, 'POST', MEMBERS_API.acceptTransfer(app.id));

    // Declined: the owner hears of it, and it cannot be accepted afterwards.
    expect((await offer(a)).status).toBe(200);
    expect((await send(server, a, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(204);
    expect((await notices(owner))[0]).toMatchObject({ data: { change: 'declined', who: a.username } });
    expect((await accept(a)).status).toBe(400);
    // Withdrawn by the owner.
    expect((await offer(a)).status).toBe(200);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(204);
    expect((await accept(a)).status).toBe(400);
    // One offer at a time: offering it to b withdraws a's.
    expect((await offer(a)).status).toBe(200);
    expect((await offer(b)).status).toBe(200);
    const accepted = await accept(a);
    expect(accepted.status).toBe(400);
    expect((await errorOf(accepted)).message).toBe('This offer is no longer open');
    // Lapsed after OWNERSHIP_OFFER_DAYS.
    await server.deps.dbHandle.db
      .updateTable('oauth2_client_members')
      .set({ ownership_offered_at: new Date(Date.now() - (OWNERSHIP_OFFER_DAYS * 86_400 + 60) * 1000) })
      .where('user_id', '=', b.id)
      .execute();
    expect((await members(owner, app)).members.every((m) => m.ownership_offered_until === null)).toBe(true);
    expect((await accept(b)).status).toBe(400);
    // A lapsed offer is not declined or withdrawn either, and nobody is told it was.
    const toldOwner = (await notices(owner)).length;
    expect((await send(server, b, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(400);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(400);
    expect(await notices(owner)).toHaveLength(toldOwner);
    // A member removed loses the offer with the membership.
    expect((await offer(b)).status).toBe(200);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, b.id))).status).toBe(204);
    expect((await accept(b)).status).toBe(404);
    // Through all of it the app stayed its owner's.
    expect((await members(owner, app)).you).toBe('owner');
  });

  it('offers tell each side once: a repeat sends no notice, a withdrawal or a new offer tells the member, five a day at most', async () => {
    const owner = await person();
    const [a, b] = [await person(), await person()];
    const app = await register(server, owner, validClient({ name: 'Noisy App' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    const offer = (to: TestUser) =>
      send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: to.id });
    const offersTo = async (who: TestUser) =>
      (await notices(who)).flatMap((n) =>
        n.kind === 'app_members_changed' && n.data.app === 'Noisy App' ? [{ data: n.data }] : [],
      );

    for (let i = 0; i < 3; i++) expect((await offer(a)).status).toBe(200);
    expect((await offersTo(a)).map((n) => n.data.change)).toEqual(['offered']);
    // Offered to b instead: a hears the offer to them is withdrawn.
    expect((await offer(b)).status).toBe(200);
    expect((await offersTo(a)).map((n) => n.data.change)).toEqual(['withdrawn', 'offered']);
    // The owner withdraws it: b hears of it.
    expect((await send(server, owner, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(204);
    expect((await offersTo(b))[0]).toMatchObject({ data: { change: 'withdrawn', who: owner.username } });
    // Offers 3, 4 and 5 of the day, then a wait.
    for (const to of [a, b, a]) expect((await offer(to)).status).toBe(200);
    const refused = await offer(b);
    expect(refused.status).toBe(429);
    expect(
      (await members(owner, app)).members.find((m) => m.user_id === a.id)?.ownership_offered_until,
    ).toEqual(expect.any(String));
  });

  it('an owner without a username cannot offer the app: the member would not know who offers it', async () => {
    const owner = await createUser(server);
    const member = await person();
    const app = await register(server, owner, validClient({ name: 'Nameless' }));
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username })).status,
    ).toBe(201);
    const refused = await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: member.id });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(
      'Choose a username in your profile first, so the member knows who offers the app',
    );
    expect(await notices(member)).toHaveLength(0);
  });

  /**
   * Runs `change` at a random moment of an account's deletion (whose length the last round tells),
   * `rounds` times on a new owner and heir with an offer between them: the deletion always
   * succeeds and the change never answers 500 (a deadlock, a foreign key).
   */
  async function raceDeletion(
    rounds: number,
    deleting: 'owner' | 'heir',
    change: (owner: TestUser, heir: TestUser, app: OAuthClient) => Promise<Response>,
    after?: (changed: Response, owner: TestUser, app: OAuthClient) => Promise<void>,
  ) {
    const db = server.deps.dbHandle.db;
    let deletion = 200;
    for (let round = 0; round < rounds; round++) {
      // Two new accounts a round: this address's sign-ups start from none.
      await db.deleteFrom('rate_limits').where('key', 'like', 'signup:%').execute();
      const owner = await person();
      const heir = await person();
      const app = await register(server, owner, validClient({ name: `Race ${round}` }));
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: heir.username });
      await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id });
      const leaving = deleting === 'owner' ? owner : heir;
      const started = Date.now();
      const [deleted, changed] = await Promise.all([
        send(server, leaving, 'DELETE', '/api/me/account', {
          email: leaving.email,
          password: leaving.password,
        }).finally(() => {
          deletion = Date.now() - started;
        }),
        new Promise((wake) => setTimeout(wake, Math.random() * deletion * 1.2)).then(() =>
          change(owner, heir, app),
        ),
      ]);
      expect(deleted.status, await deleted.clone().text()).toBe(204);
      expect(changed.status, await changed.clone().text()).toBeLessThan(500);
      await after?.(changed, owner, app);
    }
  }

  it('accepting an app while deleting the account: each answers, never a deadlock or 500', async () => {
    const db = server.deps.dbHandle.db;
    await raceDeletion(
      12,
      'heir',
      (_owner, heir, app) => send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id)),
      async (accepted, owner, app) => {
        // Accepted first: the app was theirs, and went with the account; else it stayed its owner's.
        const left = await db
          .selectFrom('oauth2_clients')
          .select('user_id')
          .where('id', '=', app.id)
          .execute();
        expect(left).toEqual(accepted.status === 200 ? [] : [{ user_id: owner.id }]);
      },
    );
  });

  it('accepting or editing an app while its owner deletes their account, or offering it while the member deletes theirs: never a 500', async () => {
    await raceDeletion(10, 'owner', (_owner, heir, app) =>
      send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id)),
    );
    await raceDeletion(10, 'heir', (owner, heir, app) =>
      send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id }),
    );
    await raceDeletion(6, 'heir', (owner, _heir, app) =>
      send(server, owner, 'DELETE', MEMBERS_API.transfer(app.id)),
    );
    // A member's edit while the owner deletes their account, and with it the app.
    await raceDeletion(10, 'owner', (_owner, heir, app) =>
      send(server, heir, 'PATCH', DEVELOPER_API.settings(app.id), { require_pkce: false }),
    );
  });

  it('two acceptances of one offer at once: one takes the app, the other is refused', async () => {
    const owner = await person();
    const heir = await person();
    const app = await register(server, owner, validClient());
    await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: heir.username });
    await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id });
    const both = await Promise.all(
      [0, 1].map(() => send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await members(heir, app)).members.map((m) => m.role)).toEqual(['owner', 'member']);
  });

  it(`adds at most ${MAX_APP_MEMBERS} members, also when additions race`, async () => {
    const owner = await person();
    const app = await register(server, owner, validClient());
    const people = await Promise.all(Array.from({ length: MAX_APP_MEMBERS + 3 }, () => person()));
    for (const p of people.slice(0, MAX_APP_MEMBERS - 1))
      expect(
        (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: p.username })).status,
      ).toBe(201);
    const racing = await Promise.all(
      people
        .slice(MAX_APP_MEMBERS - 1)
        .map((p) => send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: p.username })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    expect((await members(owner, app)).members).toHaveLength(MAX_APP_MEMBERS + 1);
  });
});
