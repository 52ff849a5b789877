import { DEVELOPER_API } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient, introspect, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { send } from './helpers';

/*
 * A client secret sealed under another SECRET_KEY (the operator changed it) does not open. Every
 * request of the app answered 500, its authorization endpoint's too, and so did 'Show secret'.
 */
let server: TestServer;
let owner: TestUser;
let app: TestClient;
let id: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  app = await insertClient(server, owner, { service: true });
  const row = await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ client_secret: 'sealed-under-another-key' })
    .where('client_id', '=', app.clientId)
    .returning('id')
    .executeTakeFirstOrThrow();
  id = row.id;
});
afterAll(() => server?.close());

/** The app authenticates at the introspection endpoint with `secret`. */
const credentials = (secret: string) => introspect(server, { ...app, clientSecret: secret }, 'some-token');

describe('a client secret that does not open', () => {
  it('is refused as a wrong one would be (never a 500); its owner reads why and rotates it', async () => {
    const refused = await credentials(app.clientSecret);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });

    const shown = await send(server, owner, 'GET', DEVELOPER_API.secret(id));
    expect(shown.status).toBe(409);
    expect(await shown.json()).toMatchObject({ error: { code: 'secret_unreadable' } });

    const rotated = await send(server, owner, 'POST', DEVELOPER_API.rotate(id), { grace: 'none' });
    expect(rotated.status, await rotated.clone().text()).toBe(200);
    const { client_secret } = (await rotated.json()) as { client_secret: string };
    expect((await credentials(client_secret)).status).toBe(200);
  });
});
