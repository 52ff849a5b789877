import { type ClientStats, DEVELOPER_API } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredModels } from '../../src/modules/oauth/store';
import { send } from '../developer/helpers';
import { authorizeAs, basicAuth, insertClient, redeemCode, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { raceCode, raceDeviceCode, raceRefresh } from './single-use';

/** Codes and refresh tokens are single use, one conditional statement each. */
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
    // Both may lose a round (the loser's reuse revokes the grant before the winner's tokens are
    // written); rounds go on until one has a winner, so the race was really run.
    let won = 0;
    for (let round = 0; round < 30 && (round < 6 || won === 0); round++)
      won += await raceCode([server, server], client, user);
    expect(won).toBeGreaterThan(0);
  });

  it('an approved device code polled twice at once: at most one token set, and the reuse revokes it', async () => {
    const device = await insertClient(server, user, { device: true, name: 'A TV' });
    // Each round types a code from this address: the limit on typed codes is not what is tested.
    for (let round = 0; round < 6; round++) {
      await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-%').execute();
      await raceDeviceCode([server, server], device, user);
    }
  });

  it('a refresh token used twice at once: one successor for both; a later reuse ends that family only', async () => {
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
  it('every code starts a family of its own, of the consent, and writes no grant row for it', async () => {
    const db = server.deps.dbHandle.db;
    const person = await createUser(server);
    const used = await authorizeAs(server, client, person);
    expect((await redeemCode(server, client, used.back, used.verifier)).status).toBe(200);
    await authorizeAs(server, client, person); // a code never redeemed
    const rows = await db
      .selectFrom('oidc_models')
      .select(['id', 'model', 'grant_id', 'family_of'])
      .where('account_id', '=', person.id)
      .where('model', 'in', ['Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken'])
      .execute();
    const grants = rows.filter((r) => r.model === 'Grant');
    expect(grants).toHaveLength(1); // the consent, and nothing per code
    const consent = grants[0]?.id ?? '';
    expect(grants[0]?.family_of).toBeNull();
    const issued = rows.filter((r) => r.model !== 'Grant');
    expect(issued.map((r) => r.model).sort()).toEqual([
      'AccessToken',
      'AuthorizationCode',
      'AuthorizationCode',
      'RefreshToken',
    ]);
    for (const row of issued) {
      expect(row.family_of).toBe(consent);
      expect(row.grant_id?.startsWith(`${consent}~`)).toBe(true);
    }
    // Two codes, two families: the redeemed code's tokens are in its family.
    const families = new Set(issued.map((r) => r.grant_id));
    expect(families.size).toBe(2);
  });

  it('a family written as a row (before families were ids) goes when nothing uses it any more', async () => {
    const db = server.deps.dbHandle.db;
    const person = await createUser(server);
    await authorizeAs(server, client, person);
    const consent = await db
      .selectFrom('oidc_models')
      .select(['id', 'payload', 'client_id'])
      .where('model', '=', 'Grant')
      .where('account_id', '=', person.id)
      .executeTakeFirstOrThrow();
    const legacy = (id: string) => ({
      model: 'Grant',
      id,
      payload: JSON.stringify({ ...(consent.payload as object), jti: id }),
      account_id: person.id,
      client_id: consent.client_id,
      expires_at: new Date(Date.now() + 3_600_000),
      family_of: consent.id,
    });
    await db
      .insertInto('oidc_models')
      .values([legacy('legacy-unused'), legacy('legacy-used')])
      .execute();
    await db
      .insertInto('oidc_models')
      .values({
        model: 'AccessToken',
        id: 'legacy-token',
        payload: JSON.stringify({ grantId: 'legacy-used' }),
        grant_id: 'legacy-used',
        account_id: person.id,
        client_id: consent.client_id,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    await purgeExpiredModels(db);
    const left = await db
      .selectFrom('oidc_models')
      .select('id')
      .where('model', '=', 'Grant')
      .where('family_of', '=', consent.id)
      .execute();
    expect(left.map((g) => g.id)).toEqual(['legacy-used']);
  });
});
