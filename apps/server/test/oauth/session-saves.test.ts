import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  type CookieJar,
  decide,
  insertClient,
  pkce,
  startAuthorization,
  type TestClient,
} from './flow';

// The engine saves the browser's session after every authorization only to slide its expiry;
// such a save within a minute of the stored expiry is skipped (store/session-saves.ts). These
// check that what the session holds is still written at once, and the expiry still slides.

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

const db = () => server.deps.dbHandle.db;

async function sessionOf(user: TestUser) {
  const rows = await db()
    .selectFrom('oidc_models')
    .select(['id', 'payload', 'expires_at'])
    .where('model', '=', 'Session')
    .where('account_id', '=', user.id)
    .execute();
  expect(rows).toHaveLength(1);
  const row = rows[0] as { id: string; payload: Record<string, unknown>; expires_at: Date | string };
  return { ...row, exp: row.payload.exp as number, clients: Object.keys(row.payload.authorizations ?? {}) };
}

/** The same browser authorizes `client` again (consented): a code comes back at once. */
async function authorizeAgain(jar: CookieJar, client: TestClient) {
  const res = await jar.fetch(server, authorizeUrl(client, { challenge: pkce().challenge }));
  expect(res.status).toBe(303);
  expect(new URL(res.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
}

describe("the browser's engine session", () => {
  it('a second authorization within a minute leaves the session row as it was', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { jar } = await authorizeAs(server, client, user);
    const { id, exp } = await sessionOf(user);
    // Stored 30 s back (within the minute): a save would move it to now + 14 days, seconds apart
    // from this, with no need to wait for the engine's clock, which counts whole seconds.
    await sql`update oidc_models set payload = jsonb_set(payload, '{exp}', to_jsonb(${exp - 30}::int)),
      expires_at = expires_at - interval '30 seconds' where model = 'Session' and id = ${id}`.execute(db());
    const first = await sessionOf(user);
    await authorizeAgain(jar, client);
    const second = await sessionOf(user);
    expect(first.exp).toBe(exp - 30);
    expect(second.exp).toBe(first.exp);
    expect(new Date(second.expires_at).getTime()).toBe(new Date(first.expires_at).getTime());
  });

  it('an expiry stored more than a minute back slides forward again', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { jar } = await authorizeAs(server, client, user);
    const { id, exp } = await sessionOf(user);
    await sql`update oidc_models set payload = jsonb_set(payload, '{exp}', to_jsonb(${exp - 120}::int)),
      expires_at = expires_at - interval '120 seconds' where model = 'Session' and id = ${id}`.execute(db());
    await authorizeAgain(jar, client);
    const after = await sessionOf(user);
    expect(after.exp).toBeGreaterThanOrEqual(exp);
    expect(new Date(after.expires_at).getTime()).toBeGreaterThanOrEqual(after.exp * 1000 - 1_000);
  });

  it('an authorization of another client is written at once (the session holds it)', async () => {
    const user = await createUser(server);
    const first = await insertClient(server, owner);
    const second = await insertClient(server, owner);
    const { jar } = await authorizeAs(server, first, user);
    expect((await sessionOf(user)).clients).toEqual([first.clientId]);
    // The same browser goes on to a second app: consent, then the session names both.
    const uid = await startAuthorization(server, jar, authorizeUrl(second, { challenge: pkce().challenge }));
    await decide(server, jar, uid, user, true);
    expect((await sessionOf(user)).clients.sort()).toEqual([first.clientId, second.clientId].sort());
    // And both still authorize without asking.
    await authorizeAgain(jar, first);
    await authorizeAgain(jar, second);
  });
});
