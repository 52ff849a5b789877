import {
  CLIENT_ERRORS_SHOWN,
  type ClientError,
  type ClientErrorsResponse,
  DEVELOPER_API,
} from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS_PURGE_STEPS } from '../../src/modules/clients';
import { PKCE_REQUIRED_DESCRIPTIONS } from '../../src/modules/oauth/authorization-errors';
import { GRANT_ERROR_DESCRIPTIONS } from '../../src/modules/oauth/token-errors';
import { ENGINE_GRANT_ERROR_DETAILS as D } from '../../src/oidc-engine-seam';
import {
  authorizeAs,
  authorizeUrl,
  insertClient,
  redeemCode,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { send } from './helpers';

/*
 * 'Recent errors' on an app's page: what the OAuth endpoints refused of its requests,
 * newest first, in the words the app's developer can act on.
 */
let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
});
afterAll(async () => {
  await server?.close();
});

const idOf = async (client: TestClient) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow()
  ).id;
const listOf = async (client: TestClient, user = owner) =>
  send(server, user, 'GET', DEVELOPER_API.errors(await idOf(client)));
const storedCount = async (client: TestClient) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('oauth2_client_errors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow()
  ).n;

/** The app's list once it holds `count` refusals (they are written after the answer). */
async function errorsOnceThere(client: TestClient, count: number): Promise<ClientError[]> {
  for (let i = 0; ; i++) {
    const res = await listOf(client);
    expect(res.status).toBe(200);
    const { errors } = (await res.json()) as ClientErrorsResponse;
    if (errors.length >= count || i > 100) return errors;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("an app's recent errors", () => {
  it('lists its refused requests newest first, each with its endpoint, error and what to change', async () => {
    const client = await insertClient(server, owner);
    const before = Date.now() - 1_000;
    // 1. An authorization request without PKCE.
    const noPkce = await server.fetch(authorizeUrl(client), { redirect: 'manual' });
    expect(noPkce.status).toBe(303);
    await errorsOnceThere(client, 1);
    // 2. A code redeemed with the wrong verifier.
    const { back } = await authorizeAs(server, client, owner);
    expect((await redeemCode(server, client, back, 'w'.repeat(43))).status).toBe(400);
    await errorsOnceThere(client, 2);
    // 3. A wrong secret.
    const wrong = await tokenRequest(
      server,
      client,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      'nope',
    );
    expect(wrong.status).toBe(401);

    const errors = await errorsOnceThere(client, 3);
    expect(errors.map(({ endpoint, error, description }) => ({ endpoint, error, description }))).toEqual([
      { endpoint: 'token', error: 'invalid_client', description: 'invalid secret provided' },
      { endpoint: 'token', error: 'invalid_grant', description: GRANT_ERROR_DESCRIPTIONS[D.wrongVerifier] },
      {
        endpoint: 'authorization',
        error: 'invalid_request',
        description: PKCE_REQUIRED_DESCRIPTIONS.confidential,
      },
    ]);
    for (const { at } of errors) expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('is its developer’s alone; an app with no refusals lists none', async () => {
    const client = await insertClient(server, owner);
    const quiet = await listOf(client);
    expect(quiet.status).toBe(200);
    expect(await quiet.json()).toEqual({ errors: [] });
    const stranger = await createUser(server);
    expect((await listOf(client, stranger)).status).toBe(404);
    expect((await send(server, owner, 'GET', DEVELOPER_API.errors('not-a-uuid'))).status).toBe(404);
  });

  it('keeps at most about thirty a minute of one app, shows the latest twenty, and forgets them after a week', async () => {
    const client = await insertClient(server, owner);
    for (let i = 0; i < 40; i++) {
      const res = await tokenRequest(
        server,
        client,
        { grant_type: 'refresh_token', refresh_token: 'x' },
        'nope',
      );
      expect(res.status).toBe(401);
    }
    const shown = await errorsOnceThere(client, CLIENT_ERRORS_SHOWN);
    expect(shown).toHaveLength(CLIENT_ERRORS_SHOWN);
    await new Promise((r) => setTimeout(r, 200));
    const stored = Number(await storedCount(client));
    expect(stored).toBeGreaterThanOrEqual(30);
    expect(stored).toBeLessThan(40);

    await server.deps.dbHandle.db
      .updateTable('oauth2_client_errors')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('client_id', '=', client.clientId)
      .execute();
    expect(await listOf(client).then((r) => r.json())).toEqual({ errors: [] });
    expect(await CLIENTS_PURGE_STEPS.oauth2_client_errors?.(server.deps.dbHandle.db)).toBe(stored);
    expect(Number(await storedCount(client))).toBe(0);
  });
});
