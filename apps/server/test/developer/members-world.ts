import type { OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API, type MembersResponse } from '@omnia/contracts/members';
import type { NotificationsResponse } from '@omnia/contracts/notifications';
import { SECURITY_API, type SecurityEventsResponse } from '@omnia/contracts/security';
import { afterAll, beforeAll, expect } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { send } from './helpers';

/** What the members and ownership tests share: a server, people with usernames, and what each sees. */
export function useMembersWorld() {
  const world = {} as {
    server: TestServer;
    /** A signed-in person with a public username. */
    person(): Promise<TestUser & { username: string }>;
    /** The app's members as `user` sees them (200). */
    members(user: TestUser, app: OAuthClient): Promise<MembersResponse>;
    /** The kinds and details of `user`'s security activity, newest first. */
    kinds(user: TestUser): Promise<unknown[][]>;
    /** `user`'s notices, newest first. */
    notices(user: TestUser): Promise<NotificationsResponse['notifications']>;
  };
  beforeAll(async () => {
    const server = await startTestServer();
    world.server = server;
    world.person = async () => {
      const user = await createUser(server);
      const { username } = await giveProfile(server, user);
      return { ...user, username };
    };
    world.members = async (user, app) => {
      const res = await send(server, user, 'GET', MEMBERS_API.members(app.id));
      expect(res.status).toBe(200);
      return (await res.json()) as MembersResponse;
    };
    world.kinds = async (user) =>
      (
        (await (await send(server, user, 'GET', SECURITY_API.events)).json()) as SecurityEventsResponse
      ).events.map((e) => [e.kind, e.detail]);
    world.notices = async (user) =>
      ((await (await send(server, user, 'GET', '/api/me/notifications')).json()) as NotificationsResponse)
        .notifications;
  });
  afterAll(async () => {
    await world.server?.close();
  });
  return world;
}
