import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  followToClient,
  insertClient,
  pkce,
  redeemCode,
  tokenRequest,
  userinfo,
} from './flow';

// On a PostgreSQL server the engine's statements run on connections of their own that keep one
// plan per statement (db/connect.ts): its joined reads had been planned again on every call, which
// cost PostgreSQL more than running them. One connection per pool, so the one asked below is the
// one that ran the flows.

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ DATABASE_POOL_SIZE: '1' });
  owner = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

const onPostgres = () => server.deps.dbHandle.kind === 'postgres';

interface PlanCounts {
  name: string;
  generic_plans: number;
  custom_plans: number;
}

describe("the engine's statements on PostgreSQL", () => {
  it('are planned once, not on every call, while the app keeps its own planning', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const client = await insertClient(server, owner);
    for (let i = 0; i < 8; i++) {
      const user = await createUser(server);
      const { jar } = await authorizeAs(server, client, user);
      // Again in the same browser: the engine's session is read with its client, account and grant.
      const { verifier, challenge } = pkce();
      const back = await followToClient(server, jar, authorizeUrl(client, { challenge }));
      const exchanged = await redeemCode(server, client, back, verifier);
      expect(exchanged.status).toBe(200);
      const { access_token, refresh_token } = (await exchanged.json()) as Record<string, string>;
      expect((await userinfo(server, access_token ?? '')).status).toBe(200);
      const refreshed = await tokenRequest(server, client, {
        grant_type: 'refresh_token',
        refresh_token: refresh_token ?? '',
      });
      expect(refreshed.status).toBe(200);
    }
    const { engineDb, db } = server.deps.dbHandle;
    const { rows } = await sql<PlanCounts>`
      select name, generic_plans::int, custom_plans::int from pg_prepared_statements
      where name in ('oauth_find_tokens', 'oauth_find_sessions')`.execute(engineDb);
    expect(rows.map((r) => r.name).sort()).toEqual(['oauth_find_sessions', 'oauth_find_tokens']);
    for (const row of rows) {
      expect(row.custom_plans, row.name).toBe(0);
      // Every authorization, exchange, userinfo and refresh above read through them.
      expect(row.generic_plans, row.name).toBeGreaterThanOrEqual(8);
    }
    const mode = async (on: typeof db) =>
      (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(on)).rows[0]?.plan_cache_mode;
    expect(await mode(engineDb)).toBe('force_generic_plan');
    // The app's queries keep PostgreSQL's choice (some rely on a value to pick a partial index).
    expect(await mode(db)).toBe('auto');
  });
});
