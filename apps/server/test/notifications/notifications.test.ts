import { API } from '@omnia/contracts/api';
import type { NotificationsReadResponse, NotificationsResponse } from '@omnia/contracts/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHousekeeping } from '../../src/housekeeping';
import { createLogger } from '../../src/logger';
import { enableTotp } from '../factors/helpers';
import { authorizeAs, insertClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, type TestUser } from '../support/users';

/**
 * The bell: security notices are written with the change they report, read and unread
 * is kept on the server, and only the owner sees or marks a notice.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function notices(user: TestUser): Promise<NotificationsResponse> {
  const res = await server.fetch(API.me.notifications, { headers: user.authHeader });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationsResponse;
}

const post = (user: TestUser, path: string) =>
  server.fetch(path, { method: 'POST', headers: user.authHeader });

const changePassword = (user: TestUser) =>
  postJson(
    server,
    API.auth.changePassword,
    { currentPassword: user.password, password: 'amber canyon whistle frost' },
    user.authHeader,
  );

/** The notices' rows as stored, for checking a refusal changed nothing. */
const rowsOf = (userId: string) =>
  server.deps.dbHandle.db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('notices', () => {
  it('a new account has none: its first sign-in is not a new device', async () => {
    const user = await createUser(server);
    expect(await notices(user)).toEqual({ notifications: [], unread_count: 0 });
  });

  it('a sign-in from a new device is a notice with the browser and system; the same device again is not', async () => {
    const user = await createUser(server);
    const login = () =>
      postJson(
        server,
        API.auth.login,
        { email: user.email, password: user.password },
        { 'user-agent': FIREFOX },
      );
    expect((await login()).status).toBe(200);
    const after = await notices(user);
    expect(after.unread_count).toBe(1);
    expect(after.notifications).toEqual([
      expect.objectContaining({
        kind: 'new_sign_in',
        data: expect.objectContaining({ browser: 'Firefox', os: 'Linux' }),
        read_at: null,
      }),
    ]);
    expect((await login()).status).toBe(200);
    expect((await notices(user)).unread_count).toBe(1);
  });

  it('a password change is a notice; a refused one (wrong current password) is not', async () => {
    const user = await createUser(server);
    const wrong = await postJson(
      server,
      API.auth.changePassword,
      { currentPassword: 'not my password', password: 'amber canyon whistle frost' },
      user.authHeader,
    );
    expect(wrong.status).toBe(400);
    expect((await notices(user)).unread_count).toBe(0);
    expect((await changePassword(user)).status).toBe(200);
    const list = await notices(user);
    expect(list.unread_count).toBe(1);
    expect(list.notifications.map((n) => n.kind)).toEqual(['password_changed']);
  });

  it('allowing an app is a notice naming the app', async () => {
    const user = await createUser(server);
    const app = await insertClient(server, await createUser(server), { name: 'Notes Pro' });
    await authorizeAs(server, app, user);
    const list = await notices(user);
    expect(list.notifications).toEqual([
      expect.objectContaining({ kind: 'app_authorized', data: { app: 'Notes Pro' } }),
    ]);
  });

  it('turning on the authenticator app is a notice', async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    const list = await notices(user);
    expect(list.notifications).toEqual([
      expect.objectContaining({ kind: 'second_factor_added', data: { method: 'totp' } }),
    ]);
  });

  it('a requested change of e-mail address is a notice', async () => {
    const user = await createUser(server);
    const res = await postJson(
      server,
      '/api/me/account/email',
      { email: `moved-${user.email}`, password: user.password },
      user.authHeader,
    );
    expect(res.status).toBe(202);
    expect((await notices(user)).notifications.map((n) => n.kind)).toEqual(['email_change_requested']);
  });

  it('newest first, and the count is of unread ones only', async () => {
    const user = await createUser(server);
    const app = await insertClient(server, await createUser(server), { name: 'Calendar' });
    await authorizeAs(server, app, user);
    expect((await changePassword(user)).status).toBe(200);
    const list = await notices(user);
    expect(list.notifications.map((n) => n.kind)).toEqual(['password_changed', 'app_authorized']);
    expect(list.unread_count).toBe(2);
  });
});

describe('read and unread', () => {
  it('marking one read lowers the count, keeps the first read time, and leaves the others unread', async () => {
    const user = await createUser(server);
    const app = await insertClient(server, await createUser(server), { name: 'Photos' });
    await authorizeAs(server, app, user);
    expect((await changePassword(user)).status).toBe(200);
    const [newest, older] = (await notices(user)).notifications;
    if (!newest || !older) throw new Error('two notices expected');

    const read = await post(user, API.me.notificationRead(newest.id));
    expect(read.status).toBe(200);
    expect((await read.json()) as NotificationsReadResponse).toEqual({ unread_count: 1 });
    const after = await notices(user);
    expect(after.unread_count).toBe(1);
    const marked = after.notifications.find((n) => n.id === newest.id);
    expect(marked?.read_at).not.toBeNull();
    expect(after.notifications.find((n) => n.id === older.id)?.read_at).toBeNull();

    // Again: fine, and the time it was first read stays.
    const again = await post(user, API.me.notificationRead(newest.id));
    expect(again.status).toBe(200);
    expect((await notices(user)).notifications.find((n) => n.id === newest.id)?.read_at).toBe(
      marked?.read_at,
    );
  });

  it('read-all marks every unread notice read', async () => {
    const user = await createUser(server);
    const app = await insertClient(server, await createUser(server), { name: 'Maps' });
    await authorizeAs(server, app, user);
    expect((await changePassword(user)).status).toBe(200);
    expect((await notices(user)).unread_count).toBe(2);

    const res = await post(user, API.me.notificationsReadAll);
    expect(res.status).toBe(200);
    expect((await res.json()) as NotificationsReadResponse).toEqual({ unread_count: 0 });
    const after = await notices(user);
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n) => n.read_at !== null)).toBe(true);
    // A later notice is unread again.
    await authorizeAs(server, await insertClient(server, user, { name: 'Later' }), user);
    expect((await notices(user)).unread_count).toBe(1);
  });

  it("another person's notice: 404 not_found, for reading and marking, and it stays unread", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    expect((await changePassword(owner)).status).toBe(200);
    const [notice] = (await notices(owner)).notifications;
    if (!notice) throw new Error('a notice expected');
    const before = await rowsOf(owner.id);

    const res = await post(stranger, API.me.notificationRead(notice.id));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await notices(stranger)).notifications).toEqual([]);
    // The stranger's read-all touches only their own.
    expect((await post(stranger, API.me.notificationsReadAll)).status).toBe(200);

    expect(await rowsOf(owner.id)).toEqual(before);
    expect((await notices(owner)).unread_count).toBe(1);
  });

  it('a malformed or unknown id is 404, never a server error', async () => {
    const user = await createUser(server);
    for (const id of ['not-a-uuid', "1' or '1'='1", '00000000-0000-4000-8000-000000000000']) {
      const res = await post(user, API.me.notificationRead(id));
      expect(res.status, id).toBe(404);
    }
  });

  it('signed out: 401', async () => {
    const res = await server.fetch(API.me.notifications);
    expect(res.status).toBe(401);
    expect((await server.fetch(API.me.notificationsReadAll, { method: 'POST' })).status).toBe(401);
  });
});

describe('retention', () => {
  it('housekeeping deletes notices older than 90 days, read or not, and keeps newer ones', async () => {
    const user = await createUser(server);
    expect((await changePassword(user)).status).toBe(200);
    const db = server.deps.dbHandle.db;
    await sql`update notifications set created_at = now() - interval '91 days' where user_id = ${user.id}`.execute(
      db,
    );
    await authorizeAs(server, await insertClient(server, user, { name: 'Recent' }), user);
    const round = await createHousekeeping({ db, logger: createLogger({ logLevel: 'silent' }) }).runOnce();
    expect(round.ran && round.purged.notifications).toBeGreaterThanOrEqual(1);
    expect((await notices(user)).notifications.map((n) => n.kind)).toEqual(['app_authorized']);
  });
});
