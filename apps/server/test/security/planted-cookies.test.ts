import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createUser,
  postJson,
  refreshCookieOf,
  type TestUser,
  uniqueEmail,
  useVerificationLink,
  verifyCookieOf,
} from '../support/users';

/*
 * A sibling host (x.example.com beside omnia.example.com) can set a cookie for the parent domain
 * with a longer path, which browsers send first (RFC 6265 §5.4). Taken as the first cookie of its
 * name, the attacker's own refresh cookie would sign the victim's browser in to the attacker's
 * account, whose consents and data the victim would then give away. Two cookies of one name
 * count as none.
 */
let server: TestServer;
let https: TestServer;
let attacker: TestUser;
let victim: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  // Behind a TLS proxy: PUBLIC_URL is https, and Omnia's cookies are __Host- cookies.
  https = await startTestServer({ PUBLIC_URL: 'https://omnia.example' });
  attacker = await createUser(server);
  victim = await createUser(server);
});
afterAll(async () => {
  await server?.close();
  await https?.close();
});

describe('a cookie planted beside the browser’s own', () => {
  it('a second refresh cookie signs nobody in, in either order', async () => {
    for (const cookie of [
      `${attacker.refreshCookie}; ${victim.refreshCookie}`,
      `${victim.refreshCookie}; ${attacker.refreshCookie}`,
    ]) {
      const res = await server.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie } });
      expect(res.status).toBe(204);
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    // Each session is still its holder's, untouched.
    const own = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: victim.refreshCookie },
    });
    expect(((await own.json()) as { user: { id: string } }).user.id).toBe(victim.id);
  });

  it("a planted verification nonce does not sign the browser in with the planter's link", async () => {
    // The attacker signs up, plants the nonce and has the victim open the link: the victim's
    // browser, with a nonce of its own, would be signed in to the attacker's new account.
    const email = uniqueEmail('signup');
    const signup = await postJson(server, '/api/auth/signup', { email, password: 'a long enough one' });
    const planted = verifyCookieOf(signup) ?? '';
    const verified = await useVerificationLink(server, email, `${planted}; omnia_verify=the-browsers-own`);
    // As from another browser: the link asks for a new password and signs nobody in.
    expect(verified.status).toBe(400);
    expect(((await verified.json()) as { error: { code: string } }).error.code).toBe(
      'verify_password_required',
    );
    expect(refreshCookieOf(verified)).toBeUndefined();
  });

  it('over https, what a sibling host can set is not read: the only cookies read are __Host- ones', async () => {
    // The planter's own session on this Omnia, as a sibling host would plant it (no prefix: a
    // browser takes a __Host- cookie from Omnia's host alone).
    const email = uniqueEmail('planter');
    const password = 'plum orchard lantern';
    expect((await postJson(https, '/api/auth/signup', { email, password })).status).toBe(201);
    const login = await postJson(https, '/api/auth/login', { email, password });
    const own = login.headers
      .getSetCookie()
      .find((l) => l.startsWith('__Host-omnia_refresh='))
      ?.split(';')[0];
    expect(own).toBeDefined();
    const planted = (own ?? '').replace('__Host-', '');
    const res = await https.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie: planted } });
    expect(res.status).toBe(204);
    // The planter's real cookie still works where only Omnia could have set it.
    const real = await https.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie: own ?? '' } });
    expect(real.status).toBe(200);
  });
});
