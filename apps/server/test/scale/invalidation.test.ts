import { DEVELOPER_API } from '@omnia/contracts/developer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../developer/helpers';
import {
  authorizeAs,
  insertClient,
  REDIRECT_URI,
  redeemCode,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { createUser, type TestUser } from '../support/users';
import { type Instance, type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * Each instance keeps the clients it has read (modules/clients/cache.ts) and forgets one
 * when PostgreSQL announces a change. What is changed on A must be refused by B within 100 ms of
 * A's answer; grants and tokens are never kept, so their revocation counts on B at once.
 */
const adminUrl = process.env.DATABASE_URL;
const WITHIN_MS = 100;
let a: Instance;
let b: Instance;
let pair: SharedDatabasePair | undefined;
let owner: TestUser;

beforeAll(async () => {
  if (!adminUrl) return;
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_invalidate');
  ({ a, b } = pair);
  owner = await createUser(a);
}, 60_000);

afterAll(() => pair?.close());

const bogusCode = {
  grant_type: 'authorization_code',
  code: 'not-a-code',
  redirect_uri: REDIRECT_URI,
  code_verifier: 'x'.repeat(43),
};

/** B authenticates the client (and so keeps it): a bogus code is a 400, not invalid_client. */
async function knownOnB(client: TestClient) {
  for (let i = 0; i < 3; i++) expect((await tokenRequest(b, client, bogusCode)).status).toBe(400);
}

/** Milliseconds from now until `attempt` answers 401 invalid_client on B (fails past a second). */
async function msUntilRefused(attempt: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await attempt();
    const elapsed = performance.now() - started;
    if (res.status === 401) {
      expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
      return elapsed;
    }
    await res.body?.cancel();
    if (elapsed > 1_000) throw new Error(`still accepted after ${Math.round(elapsed)} ms`);
  }
}

/** Milliseconds from now until `attempt` answers `status` (fails past a second). */
async function msUntil(status: number, attempt: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await attempt();
    await res.body?.cancel();
    const elapsed = performance.now() - started;
    if (res.status === status) return elapsed;
    if (elapsed > 1_000) throw new Error(`answered ${res.status} after ${Math.round(elapsed)} ms`);
  }
}

async function idOf(client: TestClient) {
  const row = await a.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .select('id')
    .where('client_id', '=', client.clientId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.skipIf(!adminUrl)('the client cache across two instances', () => {
  it('a secret rotated on A: B refuses the old one within 100 ms and takes the new one', async () => {
    const client = await insertClient(a, owner);
    await knownOnB(client);
    const rotate = await send(a, owner, 'POST', DEVELOPER_API.rotate(await idOf(client)));
    expect(rotate.status).toBe(200);
    const { client_secret } = (await rotate.json()) as { client_secret: string };
    expect(await msUntilRefused(() => tokenRequest(b, client, bogusCode))).toBeLessThanOrEqual(WITHIN_MS);
    expect((await tokenRequest(b, client, bogusCode, client_secret)).status).toBe(400);
  });

  it('a secret rotated on A with a grace period: B takes both; the old one revoked on A, B refuses it at once', async () => {
    const client = await insertClient(a, owner);
    await knownOnB(client);
    const id = await idOf(client);
    const rotate = await send(a, owner, 'POST', DEVELOPER_API.rotate(id), { grace: '1h' });
    expect(rotate.status).toBe(200);
    const { client_secret } = (await rotate.json()) as { client_secret: string };
    // The new one counts on B once A's change is announced; the old one all along.
    expect(await msUntil(400, () => tokenRequest(b, client, bogusCode, client_secret))).toBeLessThanOrEqual(
      WITHIN_MS,
    );
    expect((await tokenRequest(b, client, bogusCode)).status).toBe(400);
    const revoke = await send(a, owner, 'DELETE', DEVELOPER_API.previousSecret(id));
    expect(revoke.status).toBe(204);
    expect((await tokenRequest(b, client, bogusCode)).status).toBe(401);
    expect((await tokenRequest(b, client, bogusCode, client_secret)).status).toBe(400);
  });

  it('a client deleted on A: B refuses it within 100 ms', async () => {
    const client = await insertClient(a, owner);
    await knownOnB(client);
    const id = await idOf(client);
    const { name } = await a.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await send(a, owner, 'DELETE', DEVELOPER_API.client(id), { confirm: name })).status).toBe(204);
    expect(await msUntilRefused(() => tokenRequest(b, client, bogusCode))).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('a client rejected by a statement on the database itself: both instances refuse it within 100 ms', async () => {
    const client = await insertClient(a, owner);
    await knownOnB(client);
    expect((await tokenRequest(a, client, bogusCode)).status).toBe(400);
    await a.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ status: 'rejected' })
      .where('client_id', '=', client.clientId)
      .execute();
    for (const server of [a, b]) {
      expect(await msUntilRefused(() => tokenRequest(server, client, bogusCode))).toBeLessThanOrEqual(
        WITHIN_MS,
      );
    }
  });

  it('with its listening connection cut, B keeps nothing until it listens again', async () => {
    const client = await insertClient(a, owner);
    await knownOnB(client);
    const killer = new pg.Client({ connectionString: a.config.database.url });
    await killer.connect();
    try {
      // Every instance's LISTEN connection (A's and B's) is cut; the change lands while they are down.
      const cut = await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'listen %'`,
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
      await killer.query(`update oauth2_clients set status = 'rejected' where client_id = $1`, [
        client.clientId,
      ]);
    } finally {
      await killer.end();
    }
    expect(await msUntilRefused(() => tokenRequest(b, client, bogusCode))).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('tokens and grants are never kept: revoked on A, refused on B at once', async () => {
    const client = await insertClient(a, owner);
    const user = await createUser(a);
    const first = await authorizeAs(a, client, user);
    const tokens = (await (await redeemCode(a, client, first.back, first.verifier)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const userinfo = (server: Instance, token: string) =>
      server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo(b, tokens.access_token)).status).toBe(200);
    const revoke = await a.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(revoke.status).toBe(200);
    expect((await userinfo(b, tokens.access_token)).status).toBe(401);

    // A second authorization's grant, ended on A from the person's connected apps.
    const second = await authorizeAs(a, client, user);
    const next = (await (await redeemCode(a, client, second.back, second.verifier)).json()) as {
      access_token: string;
    };
    expect((await userinfo(b, next.access_token)).status).toBe(200);
    const ended = await a.fetch(`/api/me/connected-apps/${client.clientId}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(ended.status).toBe(204);
    expect((await userinfo(b, next.access_token)).status).toBe(401);
  });
});
