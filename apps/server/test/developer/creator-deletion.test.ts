import type { OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { describe, expect, it } from 'vitest';
import { interleave, onPostgres } from '../support/outside-session';
import type { TestUser } from '../support/users';
import { register, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * The person who created an app hands it over and stays on as a member. A change of members naming
 * them, running while their account is deleted, must wait for the deletion or make it wait, never
 * deadlock. The deletion is held open by a session of its own on the PostgreSQL server,
 * locking the account as an account's deletion does first (PGlite has one connection: no race).
 */
const world = useMembersWorld();

/** An app `creator` registered and handed to `owner`: the creator stays on as a member. */
async function handedOver() {
  const server = world.server;
  const creator = await world.person();
  const owner = await world.person();
  const app = await register(server, creator, validClient({ name: 'Handed over' }));
  await send(server, creator, 'POST', MEMBERS_API.members(app.id), { username: owner.username });
  await send(server, creator, 'POST', MEMBERS_API.transfer(app.id), { user_id: owner.id });
  expect((await send(server, owner, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
  return { creator, owner, app };
}

/** Runs `during` while another session deletes `account`: its row locked first, as deletion.ts does. */
const whileDeleting = (account: TestUser, during: () => Promise<Response>) =>
  interleave(
    world.server.config.database.url,
    [['select id from users where id = $1 for update', [account.id]]],
    during,
    [['delete from users where id = $1', [account.id]]],
  );

const changes: [
  string,
  (w: { creator: TestUser; owner: TestUser; app: OAuthClient }) => Promise<Response>,
][] = [
  [
    'the creator leaves',
    ({ creator, app }) => send(world.server, creator, 'DELETE', MEMBERS_API.member(app.id, creator.id)),
  ],
  [
    'the owner removes the creator',
    ({ owner, creator, app }) => send(world.server, owner, 'DELETE', MEMBERS_API.member(app.id, creator.id)),
  ],
  [
    'the owner offers the app back to the creator',
    ({ owner, creator, app }) =>
      send(world.server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: creator.id }),
  ],
];

describe.skipIf(!onPostgres)('a change of members while the app’s creator deletes their account', () => {
  for (const [name, change] of changes)
    it(`${name}: answered, never 409 or 500, and the deletion commits`, async () => {
      const world = await handedOver();
      const changed = await whileDeleting(world.creator, () => change(world));
      expect(changed.status, await changed.clone().text()).toBeLessThan(500);
      expect(changed.status, await changed.clone().text()).not.toBe(409);
    });

  it('with the app offered back to the creator: they accept or decline it, the owner withdraws it or offers it to another: answered, never 409 or 500', async () => {
    for (const path of ['accept', 'decline', 'withdraw', 'reoffer'] as const) {
      const { creator, owner, app } = await handedOver();
      const other = await world.person();
      await send(world.server, owner, 'POST', MEMBERS_API.members(app.id), { username: other.username });
      await send(world.server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: creator.id });
      const changed = await whileDeleting(creator, () => {
        if (path === 'accept') return send(world.server, creator, 'POST', MEMBERS_API.acceptTransfer(app.id));
        if (path === 'decline') return send(world.server, creator, 'DELETE', MEMBERS_API.transfer(app.id));
        if (path === 'withdraw') return send(world.server, owner, 'DELETE', MEMBERS_API.transfer(app.id));
        return send(world.server, owner, 'POST', MEMBERS_API.transfer(app.id), { user_id: other.id });
      });
      expect(changed.status, `${path}: ${await changed.clone().text()}`).toBeLessThan(500);
      expect(changed.status, `${path}: ${await changed.clone().text()}`).not.toBe(409);
    }
  });
});
