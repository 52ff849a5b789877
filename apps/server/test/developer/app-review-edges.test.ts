import { DEVELOPER_API } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf, approveAsListed } from '../admin/helpers';
import { insertClient, REDIRECT_URI, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { send } from './helpers';

/**
 * The operator's review at its edges, as an outside review attacked it: an app rejected while a
 * change of it waits, and decisions racing with its owner's edits (on PostgreSQL, two locks).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const HARVEST = 'https://attacker.example/harvest';
const admin = (path: string) =>
  server.fetch(`/api/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKeyOf(server)}` },
  });
const rowOf = (c: TestClient) =>
  server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .selectAll()
    .where('client_id', '=', c.clientId)
    .executeTakeFirstOrThrow();
const waitingOf = async (c: TestClient) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('oauth2_client_changes')
      .select('id')
      .where('client_id', '=', c.clientId)
      .where('state', '=', 'pending')
      .executeTakeFirst()
  )?.id;
const edit = (owner: TestUser, id: string, fields: { name: string; redirect_uris: string[] }) =>
  send(server, owner, 'PATCH', DEVELOPER_API.client(id), {
    description: null,
    logo_url: null,
    allowed_scopes: ['profile', 'email'],
    ...fields,
  });

describe("the operator's review at its edges", () => {
  it('an app rejected while a change waits: a later edit does not slip the change in', async () => {
    const owner = await createUser(server);
    const app = await insertClient(server, owner);
    // The links an approval needs.
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({
        homepage_url: 'https://app.example/',
        privacy_url: 'https://app.example/privacy',
        terms_url: 'https://app.example/terms',
      })
      .where('client_id', '=', app.clientId)
      .execute();
    const { id } = await rowOf(app);
    expect((await edit(owner, id, { name: 'Evil', redirect_uris: [REDIRECT_URI, HARVEST] })).status).toBe(
      200,
    );
    expect((await admin(`/clients/${app.clientId}/reject`)).status).toBe(200);
    // Any edit, even a setting, then the app approved again.
    expect(
      (await send(server, owner, 'PATCH', DEVELOPER_API.settings(id), { require_two_step: true })).status,
    ).toBe(200);
    expect((await approveAsListed(server, app.clientId)).status).toBe(200);
    expect(await rowOf(app)).toMatchObject({ name: 'Test App', redirect_uris: [REDIRECT_URI] });
    expect(await waitingOf(app)).toBeDefined();
  });

  it('decisions racing with edits never answer a server error', async () => {
    const owner = await createUser(server);
    const app = await insertClient(server, owner);
    const { id } = await rowOf(app);
    for (let round = 0; round < 12; round++) {
      expect((await edit(owner, id, { name: `Round ${round}`, redirect_uris: [REDIRECT_URI] })).status).toBe(
        200,
      );
      const waiting = (await waitingOf(app)) ?? '';
      const answers = await Promise.all([
        admin(`/changes/${waiting}/${round % 2 ? 'approve' : 'reject'}`),
        ...[1, 2, 3].map((n) =>
          edit(owner, id, { name: `Round ${round}.${n}`, redirect_uris: [REDIRECT_URI] }),
        ),
      ]);
      for (const res of answers) expect(res.status, `round ${round}`).toBeLessThan(500);
    }
    // Whatever won each race, the app never went live with a name nobody decided on.
    const { name } = await rowOf(app);
    const decided = await server.deps.dbHandle.db
      .selectFrom('oauth2_client_changes')
      .select(sql<string>`after ->> 'name'`.as('name'))
      .where('client_id', '=', app.clientId)
      .where('state', '=', 'approved')
      .execute();
    expect(['Test App', ...decided.map((d) => d.name)]).toContain(name);
  });
});
