import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API, type MembersResponse, OWNERSHIP_OFFER_DAYS } from '@omnia/contracts/members';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, register, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * Handing an app over: the owner offers it to a member, who owns it (and is its publisher on
 * consent screens) only by accepting; declines, withdrawals, lapses, notices, and races with
 * account deletion.
 */
const world = useMembersWorld();
let server: TestServer;
beforeAll(() => {
  server = world.server;
});

describe('ownership of an app', () => {
  it('the owner offers the app to a member; it is theirs once they accept, and the owner stays on as a member', async () => {
    const owner = await world.person();
    const heir = await world.person();
    const outsider = await world.person();
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
    expect((await world.members(heir, app)).you).toBe('member');
    expect((await world.notices(heir))[0]).toMatchObject({
      data: { app: 'Heirloom', change: 'offered', who: owner.username },
    });
    // The owner cannot accept for them.
    expect((await send(server, owner, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(400);

    const accepted = await send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id));
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as MembersResponse).you).toBe('owner');
    const now = await world.members(heir, app);
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
    expect(await world.kinds(heir)).toContainEqual([
      'client_transferred',
      { app: 'Heirloom', member: heir.username },
    ]);
    expect((await world.notices(heir))[0]).toMatchObject({
      data: { change: 'transferred', who: heir.username },
    });
    expect((await world.notices(owner))[0]).toMatchObject({
      data: { change: 'transferred', who: heir.username },
    });
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
    const owner = await world.person();
    const [a, b] = [await world.person(), await world.person()];
    const app = await register(server, owner, validClient({ name: 'Borrowed Name' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    const offer = (to: TestUser) =>
      send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: to.id });
    const accept = (who: TestUser) => send(server, who, 'POST', MEMBERS_API.acceptTransfer(app.id));

    // Declined: the owner hears of it, and it cannot be accepted afterwards.
    expect((await offer(a)).status).toBe(200);
    expect((await send(server, a, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(204);
    expect((await world.notices(owner))[0]).toMatchObject({ data: { change: 'declined', who: a.username } });
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
    expect((await world.members(owner, app)).members.every((m) => m.ownership_offered_until === null)).toBe(
      true,
    );
    expect((await accept(b)).status).toBe(400);
    // A lapsed offer is not declined or withdrawn either, and nobody is told it was.
    const toldOwner = (await world.notices(owner)).length;
    expect((await send(server, b, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(400);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.transfer(app.id))).status).toBe(400);
    expect(await world.notices(owner)).toHaveLength(toldOwner);
    // A member removed loses the offer with the membership.
    expect((await offer(b)).status).toBe(200);
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(app.id, b.id))).status).toBe(204);
    expect((await accept(b)).status).toBe(404);
    // Through all of it the app stayed its owner's.
    expect((await world.members(owner, app)).you).toBe('owner');
  });

  it('offers tell each side once: a repeat sends no notice, a withdrawal or a new offer tells the member, five a day at most', async () => {
    const owner = await world.person();
    const [a, b] = [await world.person(), await world.person()];
    const app = await register(server, owner, validClient({ name: 'Noisy App' }));
    for (const m of [a, b])
      await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: m.username });
    const offer = (to: TestUser) =>
      send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: to.id });
    const offersTo = async (who: TestUser) =>
      (await world.notices(who)).flatMap((n) =>
        n.kind === 'app_members_changed' && n.data.change !== 'added_you' ? [{ data: n.data }] : [],
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
      (await world.members(owner, app)).members.find((m) => m.user_id === a.id)?.ownership_offered_until,
    ).toEqual(expect.any(String));
  });

  it('an owner without a username cannot offer the app: the member would not know who offers it', async () => {
    const owner = await createUser(server);
    const member = await world.person();
    const app = await register(server, owner, validClient({ name: 'Nameless' }));
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username })).status,
    ).toBe(201);
    const refused = await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: member.id });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(
      'Choose a username in your profile first, so the member knows who offers the app',
    );
    // The member heard only that they were added, from an owner with no name to give.
    expect((await world.notices(member)).map((n) => n.kind === 'app_members_changed' && n.data)).toEqual([
      { app: 'Nameless', change: 'added_you', who: '' },
    ]);
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
      const owner = await world.person();
      const heir = await world.person();
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
    const owner = await world.person();
    const heir = await world.person();
    const app = await register(server, owner, validClient());
    await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: heir.username });
    await send(server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id });
    const both = await Promise.all(
      [0, 1].map(() => send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await world.members(heir, app)).members.map((m) => m.role)).toEqual(['owner', 'member']);
  });
});
