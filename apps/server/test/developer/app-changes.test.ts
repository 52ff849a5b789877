import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf, runAdminCli } from '../admin/helpers';
import {
  authorizeAs,
  authorizeUrl,
  type CookieJar,
  insertClient,
  pkce,
  REDIRECT_URI,
  type TestClient,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, send } from './helpers';

/**
 * Re-pointing an approved app: with only an access token, its owner (or a thief of that token)
 * must not be able to send its users elsewhere, rename it or weaken it unnoticed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const HARVEST = 'https://attacker.example/harvest';

async function rowOf(c: TestClient) {
  return server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .selectAll()
    .where('client_id', '=', c.clientId)
    .executeTakeFirstOrThrow();
}
/** Every sign-in of the account older than 'Confirm it's you' accepts (ten minutes). */
const ageSessions = (user: TestUser) =>
  server.deps.dbHandle.db
    .updateTable('sessions')
    .set({ authenticated_at: sql`now() - interval '11 minutes'` })
    .where('user_id', '=', user.id)
    .execute();
const confirmItsMe = (user: TestUser) =>
  send(server, user, 'POST', '/api/auth/reauthenticate', { password: user.password });
const repoint = (owner: TestUser, id: string) =>
  send(server, owner, 'PATCH', DEVELOPER_API.client(id), {
    name: 'Omnia Security Team',
    description: 'Totally legit',
    logo_url: null,
    redirect_uris: [HARVEST],
    allowed_scopes: ['profile', 'email'],
  });
/** Where a browser with remembered consent is sent by a silent authorization to `redirectUri`. */
async function silentlyTo(client: TestClient, jar: CookieJar, redirectUri: string) {
  const url = authorizeUrl(client, pkce()).replace(
    encodeURIComponent(REDIRECT_URI),
    encodeURIComponent(redirectUri),
  );
  const res = await jar.fetch(server, `${url}&prompt=none`);
  return new URL(res.headers.get('location') ?? '', server.url);
}
const noticesOf = (user: TestUser) =>
  server.deps.dbHandle.db
    .selectFrom('notifications')
    .select(['kind', 'data'])
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .execute();

describe('changing an approved app', () => {
  let owner: TestUser;
  let app: TestClient;
  let id: string;
  /** A browser of someone who allowed the app (remembered consent). */
  let browser: CookieJar;
  beforeAll(async () => {
    owner = await createUser(server);
    app = await insertClient(server, owner);
    id = (await rowOf(app)).id;
    ({ jar: browser } = await authorizeAs(server, app, await createUser(server)));
  });

  it('asks "Confirm it’s you" without a fresh sign-in, for details and settings alike', async () => {
    await ageSessions(owner);
    for (const res of [
      await repoint(owner, id),
      await send(server, owner, 'PATCH', DEVELOPER_API.settings(id), { require_pkce: false }),
    ]) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('step_up_required');
    }
    expect((await rowOf(app)).redirect_uris).toEqual([REDIRECT_URI]);
    expect((await rowOf(app)).require_pkce).toBe(true);
  });

  it('after confirming: the new name and URI wait for review; users are never sent there meanwhile', async () => {
    expect((await confirmItsMe(owner)).status).toBe(200);
    const res = await repoint(owner, id);
    expect(res.status).toBe(200);
    const { client } = (await res.json()) as { client: OAuthClient };
    // What works now is the reviewed app, and the answer says what waits.
    expect(client).toMatchObject({
      name: 'Test App',
      redirect_uris: [REDIRECT_URI],
      description: 'An app for tests',
    });
    expect(client.pending_change).toMatchObject({
      name: 'Omnia Security Team',
      description: 'Totally legit',
      redirect_uris: [HARVEST],
    });
    expect(await rowOf(app)).toMatchObject({ name: 'Test App', redirect_uris: [REDIRECT_URI] });
    // A silent authorization to the new URI is refused on our page; the reviewed one still works.
    expect((await silentlyTo(app, browser, HARVEST)).origin).not.toBe('https://attacker.example');
    const back = await silentlyTo(app, browser, REDIRECT_URI);
    expect(back.origin).toBe('https://app.example.test');
    expect(back.searchParams.get('code')).toBeTruthy();
    // The owner is told, and the app's history holds it.
    expect((await noticesOf(owner))[0]).toMatchObject({
      kind: 'app_changed',
      data: { app: 'Test App', review: 1 },
    });
    const history = await send(server, owner, 'GET', DEVELOPER_API.history(id));
    const { changes } = (await history.json()) as { changes: { fields: string[]; state: string }[] };
    expect(changes.map((c) => c.state)).toEqual(['pending']);
    expect(changes.find((c) => c.state === 'pending')?.fields).toEqual([
      'name',
      'description',
      'redirect_uris',
    ]);
  });

  it('a weaker setting applies after "Confirm it’s you", and is in the history', async () => {
    const res = await send(server, owner, 'PATCH', DEVELOPER_API.settings(id), { require_pkce: false });
    expect(res.status).toBe(200);
    expect((await rowOf(app)).require_pkce).toBe(false);
    const { changes } = (await (await send(server, owner, 'GET', DEVELOPER_API.history(id))).json()) as {
      changes: { fields: string[]; state: string }[];
    };
    expect(changes[0]).toMatchObject({ fields: ['require_pkce'], state: 'applied' });
  });

  it('the operator sees what changed and rejects it: the app keeps its reviewed name and URIs', async () => {
    const env = {
      PORT: String(server.config.port),
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: server.config.database.url ?? '',
    };
    const list = await runAdminCli(['clients', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`name: Test App -> Omnia Security Team`);
    expect(list.stdout).toContain(`description: An app for tests -> Totally legit`);
    expect(list.stdout).toContain(`+ redirect URI ${HARVEST}`);
    const seen = /change ([0-9a-f-]{36}) of /.exec(list.stdout)?.[1] ?? '';
    expect(seen).not.toBe('');
    const rejected = await runAdminCli(['clients', 'reject-change', seen], env);
    expect(rejected.stdout.trim()).toBe(`change rejected for ${app.clientId} (Test App)`);
    expect(await rowOf(app)).toMatchObject({ name: 'Test App', redirect_uris: [REDIRECT_URI] });
    expect((await noticesOf(owner))[0]).toMatchObject({ kind: 'app_change_decided', data: { approved: 0 } });
    // Nothing waits any more.
    const again = await runAdminCli(['clients', 'reject-change', seen], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      `No change ${seen} waits for review (decided already, or replaced by a newer one: see clients list)`,
    );
  });

  it('the operator approves the change they saw, never one the owner made afterwards', async () => {
    const admin = { authorization: `Bearer ${adminKeyOf(server)}` };
    const waiting = async () => {
      const list = (await (await server.fetch('/api/admin/clients', { headers: admin })).json()) as {
        clients: { client_id: string; pending_change: { id: string } | null }[];
      };
      return list.clients.find((c) => c.client_id === app.clientId)?.pending_change?.id ?? '';
    };
    await repoint(owner, id);
    const seen = await waiting();
    // The owner swaps in another change before the operator decides: what was seen no longer waits.
    await send(server, owner, 'PATCH', DEVELOPER_API.client(id), {
      name: 'Something Else Entirely',
      description: null,
      logo_url: null,
      redirect_uris: [REDIRECT_URI],
      allowed_scopes: ['profile', 'email'],
    });
    const stale = await server.fetch(`/api/admin/changes/${seen}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(stale.status).toBe(404);
    expect((await rowOf(app)).name).toBe('Test App');

    await repoint(owner, id);
    const res = await server.fetch(`/api/admin/changes/${await waiting()}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(await rowOf(app)).toMatchObject({ name: 'Omnia Security Team', redirect_uris: [HARVEST] });
    const { client } = (await (await send(server, owner, 'GET', DEVELOPER_API.client(id))).json()) as {
      client: OAuthClient;
    };
    expect(client.pending_change).toBeNull();
  });
});

describe('an app in testing mode (pending approval)', () => {
  it('changes at once: only its developer can use it', async () => {
    const owner = await createUser(server);
    const app = await insertClient(server, owner, { status: 'pending' });
    const res = await repoint(owner, (await rowOf(app)).id);
    expect(res.status).toBe(200);
    expect(await rowOf(app)).toMatchObject({ name: 'Omnia Security Team', redirect_uris: [HARVEST] });
  });
});
