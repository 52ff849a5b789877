import { giveProfile } from '../conformance/rp';
import { insertClient, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/**
 * What every relying-party library test starts from: a server, a person with an identity (so the
 * profile claims have values) and an approved client whose redirect URI is REDIRECT_URI.
 */
export async function startInterop(opts: { redirectUris?: string[] } = {}) {
  const server = await startTestServer();
  const person = await createUser(server);
  const identity = await giveProfile(server, person, 'Ada Lovelace');
  const client = await insertClient(server, person, { name: 'Interop app' });
  if (opts.redirectUris) await registerRedirectUris(server, client, opts.redirectUris);
  return { server, person, identity, client };
}

/** A library that builds its own callback path (Auth.js) needs that URI registered. */
async function registerRedirectUris(server: TestServer, client: TestClient, uris: string[]) {
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ redirect_uris: uris })
    .where('client_id', '=', client.clientId)
    .execute();
}

export type Interop = { server: TestServer; person: TestUser; client: TestClient };
export { CookieJar, visit } from '../conformance/rp';
