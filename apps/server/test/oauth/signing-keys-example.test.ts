import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { insertClient, issueTokens, type TestClient } from './flow';

/*
 * docs/integrators.md's example for verifying ID tokens, run as written (only its address is
 * this server's) before, during and after a rotation of the signing key.
 */
const repoRoot = resolve(import.meta.dirname, '../../../..');
const MARKER = '<!-- example: verify-id-token -->';

function exampleFromDocs(): string {
  const doc = readFileSync(join(repoRoot, 'docs/integrators.md'), 'utf8');
  const at = doc.indexOf(MARKER);
  const block = /```js\n([\s\S]*?)```/.exec(doc.slice(at));
  if (at < 0 || !block?.[1]) throw new Error('the example is not in docs/integrators.md');
  return block[1];
}

let server: TestServer;
let user: TestUser;
let client: TestClient;
let verifyIdToken: (idToken: string, clientId: string) => Promise<Record<string, unknown>>;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  client = await insertClient(server, user);
  // Inside the repository, so that its `import … from 'jose'` finds the installed package.
  const dir = join(repoRoot, 'node_modules/.cache/omnia-docs-examples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `verify-id-token-${process.pid}.mjs`);
  const code = exampleFromDocs();
  expect(code).toContain("const issuer = 'https://omnia.example';");
  writeFileSync(file, code.replace("'https://omnia.example'", JSON.stringify(server.config.publicUrl)));
  ({ verifyIdToken } = await import(file));
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
