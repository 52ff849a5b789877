import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { importDocsExample } from './docs-examples';
import { insertClient, issueTokens, type TestClient } from './flow';

/*
 * docs/integrators.md's example for verifying ID tokens, run as written (only its address is
 * this server's) before, during and after a rotation of the signing key.
 */
let server: TestServer;
let user: TestUser;
let client: TestClient;
let verifyIdToken: (idToken: string, clientId: string) => Promise<Record<string, unknown>>;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  client = await insertClient(server, user);
  ({ verifyIdToken } = await importDocsExample<{ verifyIdToken: typeof verifyIdToken }>(
    'verify-id-token',
    server.config.publicUrl,
  ));
});
afterAll(async () => {
  await server?.close();
});

const idToken = async () =>
  ((await issueTokens(server, client, user)) as unknown as { id_token: string }).id_token;
async function timePasses(seconds: number) {
  await server.deps.dbHandle.db
    .updateTable('oidc_signing_keys')
    .set({ activates_at: sql<Date>`activates_at - make_interval(secs => ${seconds})` })
    .execute();
  await server.signingKeys.refresh();
}

describe("the docs' ID token verification across a key rotation", () => {
  it('verifies tokens of the old key and of the new one, before and after the switch', async () => {
    const before = await idToken();
    expect(await verifyIdToken(before, client.clientId)).toMatchObject({ sub: user.id });
    await server.signingKeys.rotate();
    await server.signingKeys.refresh();
    expect(await verifyIdToken(await idToken(), client.clientId)).toMatchObject({ sub: user.id });
    // During the hour before the new key signs, the app's key set grows older than the ten
    // minutes jose keeps it (its clock only: the server's stays) and is fetched again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      expect(await verifyIdToken(before, client.clientId)).toMatchObject({ sub: user.id });
    } finally {
      vi.useRealTimers();
    }
    await timePasses(server.config.signingKeys.activationDelaySeconds + 1);
    const after = await idToken();
    expect(await verifyIdToken(after, client.clientId)).toMatchObject({ sub: user.id });
    expect(await verifyIdToken(before, client.clientId)).toMatchObject({ sub: user.id });
    // And it refuses what it must: a token for another app.
    await expect(verifyIdToken(after, 'omnia_another_app')).rejects.toThrow(/aud/);
  });
});
