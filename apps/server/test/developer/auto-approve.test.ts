import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { register } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTO_APPROVE_CLIENTS: 'true' });
});
afterAll(async () => {
  await server?.close();
});

/** The app's row as stored. */
const rowOf = (id: string) =>
  server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .select(['status', 'publisher'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('AUTO_APPROVE_CLIENTS=true', () => {
  it('registers clients as approved', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    expect(client.status).toBe('approved');
    expect((await rowOf(client.id)).status).toBe('approved');
  });

  it('publishes an app under its owner’s name at registration (no review to wait for)', async () => {
    const user = await createUser(server);
    await giveProfile(server, user, 'Grace Hopper');
    const client = await register(server, user);
    expect((await rowOf(client.id)).publisher).toBe('Grace Hopper');
    // Without a name there is nobody to name.
    const nameless = await register(server, await createUser(server));
    expect((await rowOf(nameless.id)).publisher).toBeNull();
  });
});
