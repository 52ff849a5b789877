import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { describe, expect, it } from 'vitest';
import { adminKeyOf } from '../admin/helpers';
import type { TestUser } from '../support/users';
import { approvedApp, deleteAccount, send } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * A member's change of a published app (a new redirect URI) waits for the operator's review. Once
 * the member leaves or is removed, what they asked for must not go live on an approval: the owner
 * no longer trusts them. A change the owner alone asked for stays.
 */
const world = useMembersWorld();

const appOf = async (user: TestUser, app: OAuthClient) =>
  (
    (await (await send(world.server, user, 'GET', DEVELOPER_API.client(app.id))).json()) as {
      client: OAuthClient;
    }
  ).client;
const addRedirect = (user: TestUser, app: OAuthClient, uri: string) =>
  send(world.server, user, 'PATCH', DEVELOPER_API.client(app.id), {
    name: app.name,
    description: app.description,
    logo_url: app.logo_url,
    allowed_scopes: app.allowed_scopes,
    redirect_uris: [...app.redirect_uris, uri],
  });

describe('a change waiting for review, when a member goes', () => {
  it('ends with the member it came from, removed or leaving; the owner’s own stays', async () => {
    const owner = await world.person();
    const { app } = await approvedApp(world.server, owner);
    for (const leaves of [false, true]) {
      const member = await world.person();
      expect(
        (await send(world.server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username }))
          .status,
      ).toBe(201);
      expect((await addRedirect(member, await appOf(owner, app), 'https://member.example/cb')).status).toBe(
        200,
      );
      expect((await appOf(owner, app)).pending_change?.redirect_uris).toContain('https://member.example/cb');
      const remover = leaves ? member : owner;
      expect(
        (await send(world.server, remover, 'DELETE', MEMBERS_API.member(app.id, member.id))).status,
      ).toBe(204);
      expect((await appOf(owner, app)).pending_change).toBeNull();
    }
    const history = (await (
      await send(world.server, owner, 'GET', DEVELOPER_API.history(app.id))
    ).json()) as {
      changes: { state: string }[];
    };
    expect(history.changes.filter((c) => c.state === 'superseded')).toHaveLength(2);

    // The owner's own waiting change outlives a member who asked for nothing.
    const bystander = await world.person();
    expect(
      (await send(world.server, owner, 'POST', MEMBERS_API.members(app.id), { username: bystander.username }))
        .status,
    ).toBe(201);
    expect((await addRedirect(owner, await appOf(owner, app), 'https://owner.example/cb')).status).toBe(200);
    expect((await send(world.server, owner, 'DELETE', MEMBERS_API.member(app.id, bystander.id))).status).toBe(
      204,
    );
    expect((await appOf(owner, app)).pending_change?.redirect_uris).toContain('https://owner.example/cb');
  });

  it('ends when the member deletes their account; the owner hears they left', async () => {
    const owner = await world.person();
    const { app } = await approvedApp(world.server, owner);
    const member = await world.person();
    expect(
      (await send(world.server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username }))
        .status,
    ).toBe(201);
    expect((await addRedirect(member, await appOf(owner, app), 'https://gone.example/cb')).status).toBe(200);
    expect((await deleteAccount(world.server, member)).status).toBe(204);

    expect((await appOf(owner, app)).pending_change).toBeNull();
    const [notice] = await world.notices(owner);
    expect(notice?.kind === 'app_members_changed' && [notice.data.change, notice.data.who]).toEqual([
      'left',
      member.username,
    ]);
    // Nothing is left for the operator to publish.
    const admin = { authorization: `Bearer ${adminKeyOf(world.server)}` };
    const listed = (await (await world.server.fetch('/api/admin/clients', { headers: admin })).json()) as {
      clients: { client_id: string; pending_change: unknown }[];
    };
    expect(listed.clients.find((c) => c.client_id === app.client_id)?.pending_change).toBeNull();
    expect((await appOf(owner, app)).redirect_uris).not.toContain('https://gone.example/cb');
  });
});
