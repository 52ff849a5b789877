import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { postJson, uniqueEmail, useVerificationLink, verifyCookieOf } from '../support/users';

/** Transport and cookie hardening as a browser would see it, over http and behind https. */
let plain: TestServer;
let https: TestServer;

beforeAll(async () => {
  plain = await startTestServer();
  // Served behind a TLS proxy: PUBLIC_URL is https.
  https = await startTestServer({ PUBLIC_URL: 'https://omnia.example' });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await https?.close();
});

async function refreshCookieLine(server: TestServer) {
  const email = uniqueEmail('cookie');
  const signup = await postJson(
    server,
    '/api/auth/signup',
    { email, password: 'plum orchard lantern' },
    { origin: server.config.publicUrl },
  );
  // The link signs in only the browser that signed up (it sends the sign-up's nonce cookie).
  const nonce =
    server === https
      ? signup.headers
          .getSetCookie()
          .find((l) => l.startsWith('__Host-omnia_verify='))
          ?.split(';')[0]
      : verifyCookieOf(signup);
  const verify = await useVerificationLink(server, email, nonce ?? '');
  const name = server === https ? '__Host-omnia_refresh=' : 'omnia_refresh=';
  return verify.headers.getSetCookie().find((l) => l.startsWith(name)) ?? '';
}

describe('HSTS', () => {
  it('is sent when Omnia is served over https, and not over plain http', async () => {
    expect((await https.fetch('/healthz')).headers.get('strict-transport-security')).toMatch(
      /max-age=\d{7,}/,
    );
    expect((await plain.fetch('/healthz')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the refresh cookie', () => {
  it('is HttpOnly and SameSite=Strict; over https a __Host- cookie (Secure, Path=/, no Domain), over http scoped to /api/auth', async () => {
    const line = await refreshCookieLine(https);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/(;|$)/i);
    expect(line).toMatch(/Secure/i);
    expect(line).not.toMatch(/Domain=/i);
    const local = await refreshCookieLine(plain);
    expect(local).toMatch(/HttpOnly/i);
    expect(local).toMatch(/Path=\/api\/auth/i);
    expect(local).not.toMatch(/;\s*Secure/i);
  });
});

describe('the verification nonce cookie', () => {
  it('is HttpOnly and SameSite=Lax (a link from a mail client must carry it); over https a __Host- cookie', async () => {
    const res = await postJson(https, '/api/auth/signup', {
      email: uniqueEmail('nonce'),
      password: 'plum orchard lantern',
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith('__Host-omnia_verify=')) ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/(;|$)/i);
    expect(line).toMatch(/Secure/i);
  });
});

describe('cross-site requests', () => {
  it('a cross-site POST to a cookie-authenticated endpoint is refused', async () => {
    const res = await plain.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
