import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { authorizeAs, REDIRECT_URI, redeemCode } from '../oauth/flow';
import { interleave, onPostgres, type Statement, whileHeld } from '../support/outside-session';
import type { TestUser } from '../support/users';
import { approvedApp, register, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * An account's deletion against a member's edit of an app, in the order each takes its locks. One
 * side is played step by step by a session of its own on the PostgreSQL server (PGlite has one
 * connection: nothing can race there), the other is a real request. Neither may end in a deadlock
 * (409) or a 500, and the outside session's steps must all commit.
 */
const world = useMembersWorld();

/** An approved app of `owner` (no webhook yet) that `user` signed in to and is a member of. */
async function appManagedAndUsedBy(owner: TestUser, user: TestUser & { username: string }) {
  const server = world.server;
  const { app, client } = await approvedApp(server, owner, validClient({ redirect_uris: [REDIRECT_URI] }));
  const { back, verifier } = await authorizeAs(server, client, user, 'openid profile');
  expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
  await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: user.username });
  return app;
}

const deleteAccount = (user: TestUser) =>
  world.server.fetch('/api/me/account', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
const edit = (user: TestUser, app: OAuthClient) =>
  send(world.server, user, 'PATCH', DEVELOPER_API.settings(app.id), { require_pkce: false });

const interleaved = (before: Statement[], during: () => Promise<Response>, after: Statement[]) =>
  interleave(world.server.config.database.url, before, during, after);

describe.skipIf(!onPostgres)('an account deletion against a member’s edit', () => {
  it('an account deletion does not wait for an app the person used that has no webhook', async () => {
    const owner = await world.person();
    const member = await world.person();
    const app = await appManagedAndUsedBy(owner, member);
    await send(world.server, owner, 'DELETE', MEMBERS_API.member(app.id, member.id));
    // An edit by the owner holds the app's row; the deletion is answered while it still does.
    const deleted = await whileHeld(
      world.server.config.database.url,
      [['select id from oauth2_clients where id = $1 for update', [app.id]]],
      () => deleteAccount(member),
    );
    expect(deleted.status, await deleted.clone().text()).toBe(204);
  });

  it('the member edits an app with a webhook while their account is being deleted: the edit waits, and is done', async () => {
    const owner = await world.person();
    const member = await world.person();
    const app = await appManagedAndUsedBy(owner, member);
    const hooked = await send(world.server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
      url: 'https://hooks.example/omnia',
      events: ['user.deleted'],
    });
    expect(hooked.status).toBe(200);
    // The deletion's steps: the account first, then the app its user.deleted event goes to.
    const edited = await interleaved(
      [['select id from users where id = $1 for update', [member.id]]],
      () => edit(member, app),
      [['select client_id from oauth2_clients where client_id = $1 for key share', [app.client_id]]],
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
  });

  it('the creator, a member after handing the app over, edits it while their account is deleted: answered, never 409 or 500', async () => {
    const creator = await world.person();
    const owner = await world.person();
    const app = await register(world.server, creator, validClient({ name: 'Handed over' }));
    await send(world.server, creator, 'POST', MEMBERS_API.members(app.id), { username: owner.username });
    await send(world.server, creator, 'POST', MEMBERS_API.transfer(app.id), { user_id: owner.id });
    expect((await send(world.server, owner, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    const edited = await interleaved(
      [['select id from users where id = $1 for update', [creator.id]]],
      () => edit(creator, app),
      // Deleting the account ends the creator's membership of the app.
      [['delete from users where id = $1', [creator.id]]],
    );
    expect(edited.status, await edited.clone().text()).toBeLessThan(500);
    expect(edited.status, await edited.clone().text()).not.toBe(409);
  });

  it('rotating the secret, or revoking the old one, while the owner deletes their account: answered, never 409 or 500', async () => {
    for (const path of ['rotate', 'revoke old'] as const) {
      const owner = await world.person();
      const app = await register(world.server, owner, validClient());
      if (path === 'revoke old')
        await send(world.server, owner, 'POST', DEVELOPER_API.rotate(app.id), { grace: '24h' });
      // The deletion's steps: the account first, then its apps, then the account's row.
      const changed = await interleaved(
        [['select id from users where id = $1 for update', [owner.id]]],
        () =>
          path === 'rotate'
            ? send(world.server, owner, 'POST', DEVELOPER_API.rotate(app.id), { grace: 'none' })
            : send(world.server, owner, 'DELETE', DEVELOPER_API.previousSecret(app.id)),
        [
          ['delete from oauth2_clients where id = $1', [app.id]],
          ['delete from users where id = $1', [owner.id]],
        ],
      );
      expect(changed.status, `${path}: ${await changed.clone().text()}`).toBeLessThan(500);
      expect(changed.status, `${path}: ${await changed.clone().text()}`).not.toBe(409);
    }
  });
});
