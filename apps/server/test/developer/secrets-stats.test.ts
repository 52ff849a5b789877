import {
  type ClientStats,
  DEVELOPER_API,
  type OAuthClient,
  type RotateResponse,
} from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteClientsOf } from '../../src/modules/clients';
import { recordUsage, rollUpUsage } from '../../src/modules/clients/usage-repo';
import { insertClient, issueTokens, REDIRECT_URI, type TestClient, userinfo } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { register, send } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CLIENTS = DEVELOPER_API.clients;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

const secretOf = async (user: TestUser, client: OAuthClient) => {
  const res = await send(server, user, 'GET', `${CLIENTS}/${client.id}/secret`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as { client_secret: string }).client_secret;
};
const statsOf = async (user: TestUser, client: OAuthClient) => {
  const res = await send(server, user, 'GET', `${CLIENTS}/${client.id}/stats`);
  expect(res.status).toBe(200);
  return (await res.json()) as ClientStats;
};

describe('client secret', () => {
  it('rotation replaces the secret, moves updated_at and is recorded as secret_rotated', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    const before = await secretOf(user, client);
    expect(await secretOf(user, client)).toBe(before);

    const res = await send(server, user, 'POST', `${CLIENTS}/${client.id}/rotate-secret`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rotated = (await res.json()) as RotateResponse;
    expect(Object.keys(rotated).sort()).toEqual([
      'client_secret',
      'previous_secret_expires_at',
      'updated_at',
    ]);
    expect(rotated.previous_secret_expires_at).toBeNull();
    expect(rotated.client_secret).not.toBe(before);
    expect(rotated.client_secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(new Date(rotated.updated_at).getTime()).toBeGreaterThan(new Date(client.updated_at).getTime());
    expect(await secretOf(user, client)).toBe(rotated.client_secret);

    const { client: after } = (await (await send(server, user, 'GET', `${CLIENTS}/${client.id}`)).json()) as {
      client: OAuthClient;
    };
    expect(after.updated_at).toBe(rotated.updated_at);
    expect(after.created_at).toBe(client.created_at);
    expect(after.client_id).toBe(client.client_id);

    const stats = await statsOf(user, client);
    expect(stats.byAction).toEqual({ secret_rotated: 1 });
    expect(stats.total).toBe(1);
  });
});

describe('GET /api/developer/clients/:id/stats', () => {
  it('starts at zero with the client dates', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    expect(await statsOf(user, client)).toEqual({
      total: 0,
      today: 0,
      last7Days: 0,
      last30Days: 0,
      byAction: {},
      daily: expect.any(Array),
      users30Days: 0,
      created_at: client.created_at,
      updated_at: client.updated_at,
    });
  });

  it('draws the last 30 days with their unique users, from whom the engine served', async () => {
    const owner = await createUser(server);
    const someone = await createUser(server);
    const app = await register(server, owner);
    const db = server.deps.dbHandle.db;
    // The owner signs in to their own app (in testing mode) through the engine, twice.
    const client: TestClient = {
      clientId: app.client_id,
      clientSecret: await secretOf(owner, app),
      ownerId: owner.id,
    };
    await db
      .updateTable('oauth2_clients')
      .set({ redirect_uris: [REDIRECT_URI] })
      .where('client_id', '=', app.client_id)
      .execute();
    await issueTokens(server, client, owner);
    await issueTokens(server, client, owner);
    // Someone three days ago; an event naming nobody; one beyond the window.
    await recordUsage(db, app.client_id, 'token_issued', daysAgo(3), someone.id);
    await recordUsage(db, app.client_id, 'authorize', daysAgo(3));
    await recordUsage(db, app.client_id, 'userinfo', daysAgo(40), someone.id);

    const stats = await statsOf(owner, app);
    expect(stats.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.daily.at(-1)).toMatchObject({ date: today, users: 1 });
    // Two authorizations and two token grants, and one consent (the second finds it remembered).
    expect(stats.daily.at(-1)?.events).toBeGreaterThanOrEqual(5);
    expect(stats.daily.at(-4)).toEqual({ date: daysAgo(3).toISOString().slice(0, 10), events: 2, users: 1 });
    expect(stats.daily.slice(0, 26).every((d) => d.events === 0 && d.users === 0)).toBe(true);
    expect(stats.users30Days).toBe(2);

    // A deleted account no longer counts as a user; its events still count.
    await db.transaction().execute((trx) => deleteClientsOf(trx, someone.id));
    const after = await statsOf(owner, app);
    expect(after.users30Days).toBe(1);
    expect(after.daily.at(-4)).toMatchObject({ events: 2, users: 0 });
  });

  it('events still buffered when their account is deleted count, naming nobody', async () => {
    const dev = await createUser(server);
    const app = await insertClient(server, dev, { name: 'Used App' });
    const person = await createUser(server);
    const { access_token: access } = await issueTokens(server, app, person);
    expect((await userinfo(server, access)).status).toBe(200);
    // Deleted at once: the events are still in the instance's buffer, written after the commit.
    const deleted = await server.fetch('/api/me/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...person.authHeader },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(deleted.status).toBe(204);
    const events = () =>
      server.deps.dbHandle.db
        .selectFrom('oauth2_usage_stats')
        .select(['action', 'user_id'])
        .where('client_id', '=', app.clientId)
        .execute();
    await expect
      .poll(async () => (await events()).map((e) => e.action))
      .toEqual(expect.arrayContaining(['token_issued', 'userinfo']));
    expect((await events()).filter((e) => e.user_id !== null)).toEqual([]);
  });

  it('counts today, the last 7 and 30 days and each action for this client only', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    const other = await register(server, user);
    const db = server.deps.dbHandle.db;

    await recordUsage(db, client.client_id, 'authorize');
    await recordUsage(db, client.client_id, 'authorize');
    await recordUsage(db, client.client_id, 'token_issued');
    await recordUsage(db, client.client_id, 'token_issued', daysAgo(3));
    await recordUsage(db, client.client_id, 'userinfo', daysAgo(10));
    await recordUsage(db, client.client_id, 'authorize', daysAgo(40));
    // Another client's events are not counted.
    await recordUsage(db, other.client_id, 'authorize');
    await recordUsage(db, other.client_id, 'revoke', daysAgo(2));

    expect(await statsOf(user, client)).toEqual({
      total: 6,
      today: 3,
      last7Days: 4,
      last30Days: 5,
      byAction: { authorize: 3, token_issued: 2, userinfo: 1 },
      daily: expect.any(Array),
      users30Days: 0,
      created_at: client.created_at,
      updated_at: client.updated_at,
    });
    expect(await statsOf(user, other)).toMatchObject({
      total: 2,
      today: 1,
      last7Days: 2,
      last30Days: 2,
      byAction: { authorize: 1, revoke: 1 },
    });
  });

  it('events rolled up by housekeeping still count: totals and byAction stay exact', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    const db = server.deps.dbHandle.db;
    await recordUsage(db, client.client_id, 'authorize');
    await recordUsage(db, client.client_id, 'authorize', daysAgo(29));
    await recordUsage(db, client.client_id, 'authorize', daysAgo(40));
    await recordUsage(db, client.client_id, 'token_issued', daysAgo(40));
    await recordUsage(db, client.client_id, 'revoke', daysAgo(400));
    const before = await statsOf(user, client);
    expect(before).toMatchObject({
      total: 5,
      today: 1,
      last30Days: 2,
      byAction: { authorize: 3, token_issued: 1, revoke: 1 },
    });

    // Small batches, to go through the batching loop; a second run finds nothing more to move.
    expect(await rollUpUsage(db, 31, 2)).toBeGreaterThanOrEqual(3);
    expect(await rollUpUsage(db, 31, 2)).toBe(0);
    await recordUsage(db, client.client_id, 'revoke', daysAgo(35));
    await rollUpUsage(db, 31);
    const raw = await db
      .selectFrom('oauth2_usage_stats')
      .select('action')
      .where('client_id', '=', client.client_id)
      .execute();
    expect(raw.map((r) => r.action).sort()).toEqual(['authorize', 'authorize']);
    expect(await statsOf(user, client)).toEqual({
      ...before,
      total: 6,
      byAction: { authorize: 3, token_issued: 1, revoke: 2 },
    });
  });
});
