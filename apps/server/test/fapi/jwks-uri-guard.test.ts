import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { assertionTokenRequest, clientAssertion, clientKeys, setSecurity } from './fixture';

/*
 * The engine fetches an app's jwks_uri to check its client assertion. In production a jwks_uri on
 * this machine (or a private network) is never connected to: the address is refused when looked
 * up, before a socket opens, not after it connected.
 */
let server: TestServer;
let internal: Server;
let connections = 0;
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40) });
  internal = createServer((_req, res) => res.end('{"keys":[]}'));
  internal.on('connection', () => {
    connections++;
  });
  await new Promise<void>((done) => internal.listen(0, '127.0.0.1', done));
});
afterAll(async () => {
  await new Promise<void>((done) => internal?.close(() => done()));
  await server?.close();
});

describe("an app's jwks_uri in production", () => {
  it('naming this machine: the assertion is refused and no connection is made to it', async () => {
    // A production server keeps no delivered mail's text to follow: the address is taken as verified.
    const person = await createUser(server, { verified: false });
    await server.deps.dbHandle.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date() })
      .where('id', '=', person.id)
      .execute();
    const app = await insertClient(server, person, { name: 'Keys elsewhere' });
    const keys = await clientKeys();
    const { port } = internal.address() as AddressInfo;
    await setSecurity(server, person, app, {
      auth_method: 'private_key_jwt',
      jwks_uri: `https://localhost:${port}/jwks`,
    });
    const res = await assertionTokenRequest(
      server,
      app,
      await clientAssertion(app, keys, server.config.publicUrl),
    );
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
    expect(connections).toBe(0);
  });
});
