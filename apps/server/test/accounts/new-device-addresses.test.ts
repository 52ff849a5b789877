import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, type TestUser } from '../support/users';

/*
 * 'New sign-in to your account' tells the owner of a sign-in from a device the account has not
 * used: another browser or system, or another network. Behind RFC 6052's well-known NAT64 prefix
 * every IPv4 client is an address of one IPv6 /48: each must still count as its own network.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server?.close());

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const signInFrom = (user: TestUser, ip: string) =>
  postJson(
    server,
    '/api/auth/login',
    { email: user.email, password: user.password },
    { 'x-forwarded-for': ip, 'user-agent': CHROME_ON_WINDOWS },
  );
async function newSignInsNoticed(user: TestUser) {
  const res = await server.fetch('/api/me/notifications', { headers: user.authHeader });
  const { notifications } = (await res.json()) as {
    notifications: { kind: string; data: { ip?: string } }[];
  };
  return notifications.filter((n) => n.kind === 'new_sign_in').map((n) => n.data.ip);
}

describe('a sign-in from another network, in the same browser', () => {
  it('is noticed from another IPv4 network', async () => {
    const owner = await createUser(server);
    expect((await signInFrom(owner, '198.51.100.7')).status).toBe(200);
    expect((await signInFrom(owner, '203.0.113.9')).status).toBe(200);
    expect(await newSignInsNoticed(owner)).toContain('203.0.113.9');
  });

  it('is noticed behind the well-known NAT64 prefix too, by the IPv4 client it carries', async () => {
    const owner = await createUser(server);
    expect((await signInFrom(owner, '64:ff9b::c633:6407')).status).toBe(200); // 198.51.100.7
    expect((await signInFrom(owner, '64:ff9b::cb00:7109')).status).toBe(200); // 203.0.113.9
    expect(await newSignInsNoticed(owner)).toContain('203.0.113.9');
  });
});
