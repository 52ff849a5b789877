import {
  type ClientStats,
  DEVELOPER_API,
  type OAuthClient,
  type RotateResponse,
} from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUsage, rollUpUsage } from '../../src/modules/clients/usage-repo';
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
    expect(Object.keys(rotated).sort()).toEqual(['client_secret', 'updated_at']);
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
      created_at: client.created_at,
      updated_at: client.updated_at,
    });
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
