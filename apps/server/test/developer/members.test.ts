import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MAX_APP_MEMBERS, MEMBERS_API, type MembersResponse } from '@omnia/contracts/members';
import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { errorOf, register, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * Members of an app: the owner adds accounts by username; a member sees and manages the app
 * (credentials, statistics, settings) but only the owner deletes it and changes its members. Each
 * change is in the security activity of the owner and of the member; the owner gets a notice, and
 * so does a member the owner adds or removes.
 * Handing the app over is ownership.test.ts.
 */
const world = useMembersWorld();
let server: TestServer;
beforeAll(() => {
  server = world.server;
});

describe('members of an app', () => {
  it('the owner adds a member by username; the member sees and manages the app but cannot delete it', async () => {
    const owner = await world.person();
    const member = await world.person();
    const app = await register(server, owner, validClient({ name: 'Team App' }));
    expect(await world.members(owner, app)).toEqual({
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
    expect((await world.members(member, app)).you).toBe('member');

    // Only the owner deletes, adds or transfers.
    const del = await send(server, member, 'DELETE', DEVELOPER_API.client(app.id), {
      confirm: 'Team App',
    });
    expect(del.status).toBe(403);
    expect((await errorOf(del)).message).toBe("Only the app's owner can do this");
    const third = await world.person();
    const refused = await send(server, member, 'POST', MEMBERS_API.members(app.id), {
      username: third.username,
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("Only the app's owner can do this");
    expect(
      (await send(server, member, 'POST', MEMBERS_API.transfer(app.id), { user_id: member.id })).status,
    ).toBe(403);
    expect((await send(server, member, 'DELETE', MEMBERS_API.member(app.id, owner.id))).status).toBe(403);
    // The owner cannot leave (the app would have nobody to answer for it), and is told what to do.
    const leaving = await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, owner.id));
    expect(leaving.status).toBe(403);
    expect((await errorOf(leaving)).message).toBe(
      'As its owner you cannot leave the app. Offer it to a member first.',
    );
    expect((await send(server, owner, 'GET', DEVELOPER_API.client(app.id))).status).toBe(200);

    // The owner and the member each see it in their security activity; the owner is told.
    expect(await world.kinds(owner)).toContainEqual([
      'client_member_added',
      { app: 'Team App', member: member.username },
    ]);
    expect(await world.kinds(member)).toContainEqual([
      'client_member_added',
      { app: 'Team App', member: member.username },
    ]);
    // The member's change of settings reaches the owner too.
    const told = await world.notices(owner);
    expect(told.map((n) => n.kind)).toEqual(['app_changed', 'app_members_changed']);
    expect(told[1]).toMatchObject({ data: { app: 'Team App', change: 'added', who: member.username } });
    // The member is told who gave them the app to manage.
    expect((await world.notices(member)).map((n) => n.kind === 'app_members_changed' && n.data)).toEqual([
      { app: 'Team App', change: 'added_you', who: owner.username },
    ]);
  });

  it('an unknown username, the owner, a member twice, a stranger and bad input change nothing', async () => {
    const owner = await world.person();
    const member = await world.person();
    const stranger = await world.person();
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
    expect((await world.members(owner, app)).members).toHaveLength(2);
  });

  it('a member leaves, or is removed: the app is gone from their dashboard and the owner is told; a removed member is told', async () => {
    const owner = await world.person();
    const [a, b] = [await world.person(), await world.person()];
    const app = await register(server, owner, validClient({ name: 'Leaving App' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    expect((await send(server, a, 'DELETE', MEMBERS_API.member(app.id, a.id))).status).toBe(204);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, b.id))).status).toBe(204);
    for (const m of [a, b])
      expect((await send(server, m, 'GET', DEVELOPER_API.client(app.id))).status).toBe(404);
    expect(
      (await world.notices(owner)).slice(0, 2).map((n) => n.kind === 'app_members_changed' && n.data.change),
    ).toEqual(['removed', 'left']);
    // Who left did it themselves; who was removed hears it from the owner.
    const changesOf = async (m: TestUser) =>
      (await world.notices(m)).map((n) => n.kind === 'app_members_changed' && [n.data.change, n.data.who]);
    expect(await changesOf(a)).toEqual([['added_you', owner.username]]);
    expect(await changesOf(b)).toEqual([
      ['removed_you', owner.username],
      ['added_you', owner.username],
    ]);
    expect(await world.kinds(a)).toContainEqual([
      'client_member_removed',
      { app: 'Leaving App', member: a.username },
    ]);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, a.id))).status).toBe(404);
  });

  it('a member’s change of the webhook is seen as any change: history, owner’s notices, own activity', async () => {
    const owner = await world.person();
    const member = await world.person();
    const app = await register(server, owner, validClient({ name: 'Hooked App' }));
    await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username });
    const noticesBefore = (await world.notices(owner)).length;

    const hook = { url: 'https://hooks.example/member-owned', events: ['user.updated'] };
    expect((await send(server, member, 'PUT', WEBHOOKS_API.webhook(app.id), hook)).status).toBe(200);
    // Saved again as it is: nothing changed, nothing recorded.
    expect((await send(server, member, 'PUT', WEBHOOKS_API.webhook(app.id), hook)).status).toBe(200);
    expect((await send(server, member, 'POST', WEBHOOKS_API.rotateSecret(app.id))).status).toBe(200);
    expect((await send(server, member, 'DELETE', WEBHOOKS_API.webhook(app.id))).status).toBe(204);

    const history = await send(server, owner, 'GET', DEVELOPER_API.history(app.id));
    const { changes } = (await history.json()) as { changes: { fields: string[] }[] };
    expect(changes.filter((c) => c.fields.includes('webhook'))).toHaveLength(3);
    const notices = await world.notices(owner);
    expect(notices.slice(0, notices.length - noticesBefore).map((n) => n.kind)).toEqual([
      'app_changed',
      'app_changed',
      'app_changed',
    ]);
    expect(await world.kinds(member)).toContainEqual(['client_updated', { app: 'Hooked App' }]);
    // Nothing to remove, and a stranger's attempt, change nothing and are not recorded.
    expect((await send(server, member, 'DELETE', WEBHOOKS_API.webhook(app.id))).status).toBe(404);
    const stranger = await world.person();
    expect((await send(server, stranger, 'PUT', WEBHOOKS_API.webhook(app.id), hook)).status).toBe(404);
    expect((await world.notices(owner)).length).toBe(notices.length);
  });

  it('adding, removing and offering again and again: past ten notices a day each change still happens, unannounced', async () => {
    const [first, second] = [await world.person(), await world.person()];
    const victim = await world.person();
    const [one, two] = [
      await register(server, first, validClient({ name: 'Your account is locked' })),
      await register(server, second, validClient({ name: 'Second' })),
    ];
    const add = (owner: TestUser, app: OAuthClient) =>
      send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: victim.username });
    const remove = (owner: TestUser, app: OAuthClient) =>
      send(server, owner, 'DELETE', MEMBERS_API.member(app.id, victim.id));
    for (let i = 0; i < 3; i++) {
      expect((await add(first, one)).status).toBe(201);
      expect((await remove(first, one)).status).toBe(204);
    }
    // Offers and their withdrawals count too.
    expect((await add(second, two)).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect(
        (await send(server, second, 'POST', MEMBERS_API.transfer(two.id), { user_id: victim.id })).status,
      ).toBe(200);
      expect((await send(server, second, 'DELETE', MEMBERS_API.transfer(two.id))).status).toBe(204);
    }
    // Fourteen notices' worth of changes: all done, ten announced.
    expect((await remove(second, two)).status).toBe(204);
    expect((await world.members(second, two)).members.map((m) => m.user_id)).toEqual([second.id]);
    const told = (await world.notices(victim)).filter((n) => n.kind === 'app_members_changed');
    expect(told).toHaveLength(10);
  });

  it('an owner who floods someone with notices does not stop others from adding them', async () => {
    const victim = await world.person();
    for (const spammer of [await world.person(), await world.person()]) {
      const junk = await register(server, spammer, validClient({ name: 'Junk' }));
      for (let i = 0; i < 3; i++) {
        await send(server, spammer, 'POST', MEMBERS_API.members(junk.id), { username: victim.username });
        await send(server, spammer, 'DELETE', MEMBERS_API.member(junk.id, victim.id));
      }
    }
    const colleague = await world.person();
    const real = await register(server, colleague, validClient({ name: 'Real work' }));
    const added = await send(server, colleague, 'POST', MEMBERS_API.members(real.id), {
      username: victim.username,
    });
    expect(added.status).toBe(201);
    expect((await send(server, victim, 'GET', DEVELOPER_API.client(real.id))).status).toBe(200);
  });

  it('an owner adds one person at most six times a day: the seventh waits and writes nothing; removing is never refused', async () => {
    const owner = await world.person();
    const victim = await world.person();
    const app = await register(server, owner, validClient({ name: 'Looping' }));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: victim.username }))
          .status,
      );
      statuses.push((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, victim.id))).status);
    }
    expect(statuses).toEqual([...Array(6).fill([201, 204]).flat(), 429, 404]);
    const refused = await send(server, owner, 'POST', MEMBERS_API.members(app.id), {
      username: victim.username,
    });
    expect((await errorOf(refused)).message).toBe(
      'You have added members as often as Omnia allows in a day. Try again later.',
    );
    const activity = (await world.kinds(victim)).filter(([kind]) =>
      String(kind).startsWith('client_member_'),
    );
    expect(activity).toHaveLength(12);
    // Another person is still theirs to add.
    const colleague = await world.person();
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: colleague.username }))
        .status,
    ).toBe(201);
  });

  it('a colleague added to six apps can still be removed from each at once', async () => {
    const owner = await world.person();
    const colleague = await world.person();
    const apps: OAuthClient[] = [];
    for (let i = 0; i < 6; i++) {
      const app = await register(server, owner, validClient({ name: `Team ${i}` }));
      expect(
        (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: colleague.username }))
          .status,
      ).toBe(201);
      apps.push(app);
    }
    for (const app of apps)
      expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, colleague.id))).status).toBe(
        204,
      );
  });

  it(`adds at most ${MAX_APP_MEMBERS} members, also when additions race`, async () => {
    const owner = await world.person();
    const app = await register(server, owner, validClient());
    const people = await Promise.all(Array.from({ length: MAX_APP_MEMBERS + 3 }, () => world.person()));
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
    expect((await world.members(owner, app)).members).toHaveLength(MAX_APP_MEMBERS + 1);
  });
});
