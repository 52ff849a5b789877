import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { followToClient, pkce } from './flow';

/*
 * A single-page app has no secret: whoever holds its code and their own PKCE verifier redeems it.
 * Many keep `http://localhost:5173/...` registered for development. Once a person has consented on
 * the app's real origin, a program on their machine listening on 5173 opened the browser at the
 * authorize endpoint with the app's client_id, that URI and its own PKCE challenge: the remembered
 * consent answered without a screen, and the program redeemed the code for the person's tokens.
 */
const REAL = 'https://notes.spa.example/callback';
const LOOPBACKS = ['http://localhost:5173/cb', 'http://127.0.0.1:5173/cb'];

let server: TestServer;
let clientId: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server);
  const app = await register(
    server,
    owner,
    validClient({ app_type: 'spa', name: 'Notes', redirect_uris: [REAL, ...LOOPBACKS] }),
  );
  clientId = app.client_id;
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ status: 'approved' })
    .where('id', '=', app.id)
    .execute();
});
afterAll(() => server?.close());

const authorize = (redirectUri: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    state: 's',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...extra,
  })}`;

describe("a single-page app's loopback redirect URI", () => {
  it.each(LOOPBACKS)(
    '%s: the person decides every time, though they consented on the real origin',
    async (uri) => {
      const person = await createUser(server);
      const jar = CookieJar.of(person);
      expect((await visit(server, jar, person, authorize(REAL))).consentAsked).toBe(true);
      // The real origin is answered from that consent, as before.
      expect((await visit(server, jar, person, authorize(REAL))).consentAsked).toBe(false);

      const first = await visit(server, jar, person, authorize(uri));
      expect(first.consentAsked).toBe(true);
      expect(first.callback.searchParams.get('code')).toBeTruthy();
      const again = await visit(server, jar, person, authorize(uri));
      expect(again.consentAsked).toBe(true);
    },
  );

  it('prompt=none there gets an error, never a code', async () => {
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    await visit(server, jar, person, authorize(REAL));
    const callback = await followToClient(server, jar, authorize(LOOPBACKS[0] ?? '', { prompt: 'none' }));
    expect(callback.origin).toBe('http://localhost:5173');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('error')).toBe('consent_required');
  });
});
