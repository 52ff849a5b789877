import { type ClientStats, DEVELOPER_API } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredModels } from '../../src/modules/oauth/store';
import { send } from '../developer/helpers';
import { authorizeAs, basicAuth, insertClient, redeemCode, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { raceCode, raceRefresh } from './single-use';

/** Codes and refresh tokens are single use, one conditional statement each (issue 16, "Tokens"). */
let server: TestServer;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server);
  user = await createUser(server);
  client = await insertClient(server, owner);
});
afterAll(() => server?.close());

describe('single use, on one server', () => {
  it('a code redeemed twice at once: at most one token set, and the reuse revokes it', async () => {
    let won = 0;
    for (let round = 0; round < 6; round++) won += await raceCode([server, server], client, user);
    expect(won).toBeGreaterThan(0);
  });

  it('a refresh token used twice at once: one family revoked, the app on another device keeps working', async () => {
    for (let round = 0; round < 4; round++) await raceRefresh([server, server], client, user);
  });

  it("the app's statistics count the token sets a race issued, not the answers it refused", async () => {
    const owner = await createUser(server);
    const counted = await insertClient(server, owner);
    let won = 0;
    for (let round = 0; round < 4; round++) won += await raceCode([server, server], counted, user);
    const { id } = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', counted.clientId)
      .executeTakeFirstOrThrow();
    const res = await send(server, owner, 'GET', `${DEVELOPER_API.clients}/${id}/stats`);
    const stats = (await res.json()) as ClientStats;
    expect(stats.byAction.token_issued ?? 0).toBe(won);
    expect(stats.byAction.authorize).toBe(4);
  });
});

describe('introspection', () => {
  it('answers active only to the client the token was issued to', async () => {
    const other = await insertClient(server, user, { name: 'Another App' });
    const { back, verifier } = await authorizeAs(server, client, user);
    const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as {
      access_token: string;
    };
    const ask = async (asker: TestClient) => {
      const res = await server.fetch('/oauth2/introspect', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(asker) },
        body: new URLSearchParams({ token: tokens.access_token }),
      });
      return (await res.json()) as { active: boolean; client_id?: string };
    };
    expect(await ask(other)).toEqual({ active: false });
    expect(await ask(client)).toMatchObject({ active: true, client_id: client.clientId });
  });
});

describe('refresh-token families', () => {
  it('every code starts its own grant, cut from the consent; housekeeping drops the ones nothing uses', async () => {
    const db = server.deps.dbHandle.db;
    const person = await createUser(server);
    const grants = () =>
      db
        .selectFrom('oidc_models')
        .select(['id', 'family_of'])
        .where('model', '=', 'Grant')
        .where('account_id', '=', person.id)
        .execute();
    const used = await authorizeAs(server, client, person);
    expect((await redeemCode(server, client, used.back, used.verifier)).status).toBe(200);
    await authorizeAs(server, client, person); // a code never redeemed
    const before = await grants();
    const consent = before.filter((g) => g.family_of === null);
    expect(consent).toHaveLength(1);
    expect(before.filter((g) => g.family_of === consent[0]?.id)).toHaveLength(2);
    // The unused code expires; its family has nothing left and goes, the redeemed one stays.
    await db
      .updateTable('oidc_models')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('model', '=', 'AuthorizationCode')
      .where('account_id', '=', person.id)
      .execute();
    await purgeExpiredModels(db);
    const after = await grants();
    expect(after.filter((g) => g.family_of === null)).toHaveLength(1);
    expect(after.filter((g) => g.family_of !== null)).toHaveLength(1);
  });
});
