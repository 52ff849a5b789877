import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedApp, send, validClient } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { authorizeAs, REDIRECT_URI, redeemCode, type TestClient } from './flow';

/*
 * A logout token the app's endpoint refused is tried again for about a day. Its developer may
 * change or remove the back-channel logout URI meanwhile (a host they lost, a domain that lapsed):
 * each attempt goes to the app's URI as it is then, and none once it is removed.
 */
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let client: TestClient;

/** An endpoint that answers `status` and counts what it gets. */
async function endpoint(status: number) {
  const bodies: string[] = [];
  const http: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      bodies.push(req.url ?? '');
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const uri = `http://127.0.0.1:${(http.address() as AddressInfo).port}/logout`;
  return { uri, bodies, close: () => new Promise<void>((done) => http.close(() => done())) };
}
let refusing: Awaited<ReturnType<typeof endpoint>>;
let taking: Awaited<ReturnType<typeof endpoint>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  // Approved, so that anyone signs in to it.
  ({ app, client } = await approvedApp(server, owner, validClient({ redirect_uris: [REDIRECT_URI] })));
  refusing = await endpoint(500);
  taking = await endpoint(200);
});
afterAll(async () => {
  await refusing?.close();
  await taking?.close();
  await server?.close();
});

const db = () => server.deps.dbHandle.db;
const setLogoutUri = async (uri: string | null) =>
  expect(
    (await send(server, owner, 'PATCH', DEVELOPER_API.settings(app.id), { backchannel_logout_uri: uri }))
      .status,
  ).toBe(200);
const delivery = () =>
  db()
    .selectFrom('oauth_logout_deliveries')
    .select(['attempts', 'delivered_at', 'failed_at', 'last_error'])
    .where('client_id', '=', app.client_id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
/** Waits until the delivery has been attempted `attempts` times and that attempt has settled. */
async function settledAfter(attempts: number) {
  for (;;) {
    const row = await delivery();
    if (row.attempts >= attempts && (row.delivered_at || row.failed_at || row.last_error)) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
}
/** Someone signs in to the app and out of Omnia: one logout token, refused the first time. */
async function refusedOnce() {
  await setLogoutUri(refusing.uri);
  const refusedBefore = refusing.bodies.length;
  const person = await createUser(server);
  const { back, verifier } = await authorizeAs(server, client, person);
  expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
  const out = await server.fetch('/api/auth/logout', {
    method: 'POST',
    headers: { cookie: person.refreshCookie },
  });
  expect(out.status).toBe(204);
  expect((await settledAfter(1)).delivered_at).toBeNull();
  expect(refusing.bodies).toHaveLength(refusedBefore + 1);
}
const retryNow = () =>
  sql`update oauth_logout_deliveries set next_attempt_at = now(), last_error = null
       where client_id = ${app.client_id} and delivered_at is null and failed_at is null`.execute(db());

describe("a logout token tried again after its app's URI changed", () => {
  it('goes to the new URI', async () => {
    await refusedOnce();
    await setLogoutUri(taking.uri);
    await retryNow();
    expect((await settledAfter(2)).delivered_at).not.toBeNull();
    expect(refusing.bodies).toHaveLength(1);
    expect(taking.bodies).toHaveLength(1);
  });

  it('goes nowhere once the URI is removed, and says so on the app’s page', async () => {
    await refusedOnce();
    await setLogoutUri(null);
    await retryNow();
    const row = await settledAfter(2);
    expect(row).toMatchObject({ delivered_at: null, last_error: 'the logout URI was removed' });
    expect(row.failed_at).not.toBeNull();
    expect(refusing.bodies).toHaveLength(2);
  });
});
