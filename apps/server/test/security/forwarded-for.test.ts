import { SECURITY_API, type SecurityEventsResponse } from '@omnia/contracts/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedSignInsNoted } from '../support/queues';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, uniqueEmail } from '../support/users';

/**
 * The client's address behind a reverse proxy (TRUST_PROXY): per-IP limits and the sessions list
 * use the address the proxy saw, read from the right of X-Forwarded-For, never what the client wrote.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: 'true', NAT64_PREFIXES: '64:ff9b:1:a::/96' },
    { modules: { accounts: { limits: { loginFailuresPerIp: { points: 8, windowSeconds: 900 } } } } },
  );
}, 60_000);
afterAll(() => server?.close());

const login = (email: string, password: string, ip: string) =>
  postJson(server, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

describe('the client address behind a proxy (TRUST_PROXY=true: one proxy)', () => {
  it('entries a client writes into X-Forwarded-For do not buy it a new per-IP budget', async () => {
    // The proxy appends what it saw (10.0.0.9); the client made up everything to its left.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await postJson(
        server,
        '/api/auth/login',
        { email: uniqueEmail('rotated'), password: 'plum orchard lantern' },
        { 'x-forwarded-for': `198.51.100.${i + 1}, 10.0.0.9` },
      );
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('an IPv6 host taking a new address of its /64 for each try shares one per-IP budget', async () => {
    const signIns: number[] = [];
    for (let i = 0; i < 10; i++)
      signIns.push(
        (await login(uniqueEmail('hopping'), 'plum orchard lantern', `2001:db8:2:2::${i + 1}`)).status,
      );
    expect(signIns.slice(0, 7)).toEqual(Array(7).fill(400));
    expect(signIns.at(-1)).toBe(429);
    // Another network is another budget.
    expect((await login(uniqueEmail('elsewhere'), 'plum orchard lantern', '2001:db8:2:3::1')).status).toBe(
      400,
    );
    // Forgot password counts the same way.
    const forgot: number[] = [];
    for (let i = 0; i < 70; i++)
      forgot.push(
        (
          await postJson(
            server,
            '/api/auth/forgot-password',
            { email: uniqueEmail('f') },
            { 'x-forwarded-for': `2001:db8:3:3::${i + 1}` },
          )
        ).status,
      );
    expect(forgot.at(-1)).toBe(429);
  });

  it('the sessions list shows the address the proxy saw, not one the client wrote', async () => {
    const user = await createUser(server);
    const res = await postJson(
      server,
      '/api/auth/login',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '203.0.113.66, 10.0.0.10' },
    );
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const sessions = (await (
      await server.fetch('/api/me/sessions', { headers: { Authorization: `Bearer ${access_token}` } })
    ).json()) as { sessions: { ip: string | null }[] };
    const ips = sessions.sessions.map((s) => s.ip);
    expect(ips).toContain('10.0.0.10');
    expect(ips).not.toContain('203.0.113.66');
  });

  it('behind a NAT64 translator (NAT64_PREFIXES) each IPv4 client is itself, in budgets and lists', async () => {
    // Eight failures from one IPv4 client through the translator spend that client's budget only.
    const first: number[] = [];
    for (let i = 0; i < 9; i++)
      first.push((await login(uniqueEmail('nat64'), 'plum orchard lantern', '64:ff9b:1:a::c000:201')).status);
    expect(first.at(-1)).toBe(429);
    // Before, every client of the translator shared its /64's budget; now the next one has its own.
    expect((await login(uniqueEmail('nat64'), 'plum orchard lantern', '64:ff9b:1:a::c000:202')).status).toBe(
      400,
    );
    const user = await createUser(server);
    const res = await login(user.email, user.password, '64:ff9b:1:a::cb00:7142');
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const sessions = (await (
      await server.fetch('/api/me/sessions', { headers: { Authorization: `Bearer ${access_token}` } })
    ).json()) as { sessions: { ip: string | null }[] };
    expect(sessions.sessions.map((s) => s.ip)).toContain('203.0.113.66');
  });

  it("a stranger's failed sign-ins are a line of their own, with their address", async () => {
    const user = await createUser(server);
    expect((await login(user.email, 'not my password', '198.51.100.7')).status).toBe(400);
    for (let i = 0; i < 3; i++)
      expect((await login(user.email, `guess ${i}`, '203.0.113.67')).status).toBe(400);
    await failedSignInsNoted(server);
    const signedIn = await login(user.email, user.password, '198.51.100.7');
    const { access_token } = (await signedIn.json()) as { access_token: string };
    const { events } = (await (
      await server.fetch(SECURITY_API.events, { headers: { Authorization: `Bearer ${access_token}` } })
    ).json()) as SecurityEventsResponse;
    const failed = events.filter((e) => e.kind === 'sign_in_failed').map((e) => [e.detail.count, e.ip]);
    expect(failed).toEqual([
      [3, '203.0.113.67'],
      [1, '198.51.100.7'],
    ]);
  });

  it('a change of the password or the address says where it was made from', async () => {
    const user = await createUser(server);
    const from = { 'x-forwarded-for': '203.0.113.99' };
    const signedIn = await login(user.email, user.password, '203.0.113.99');
    const { access_token } = (await signedIn.json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${access_token}`, ...from };
    expect(
      (
        await postJson(
          server,
          '/api/auth/change-password',
          { currentPassword: user.password, password: 'a brand new passphrase 42' },
          auth,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await postJson(
          server,
          '/api/me/account/email',
          { email: uniqueEmail('moved'), password: 'a brand new passphrase 42' },
          auth,
        )
      ).status,
    ).toBe(202);
    const { events } = (await (
      await server.fetch(SECURITY_API.events, { headers: { Authorization: `Bearer ${access_token}` } })
    ).json()) as SecurityEventsResponse;
    const where = Object.fromEntries(events.map((e) => [e.kind, e.ip]));
    expect(where).toMatchObject({ password_changed: '203.0.113.99', email_change_requested: '203.0.113.99' });
  });

  it('a forwarded address that is not an IP address is ignored, never a 5xx', async () => {
    const user = await createUser(server);
    for (const forwarded of [
      'not-an-ip',
      "1.2.3.4, ' or 1=1",
      '999.0.0.1',
      'fe80::1%eth0',
      ',,,',
      'x'.repeat(4000),
    ]) {
      const ok = await postJson(
        server,
        '/api/auth/login',
        { email: user.email, password: user.password },
        { 'x-forwarded-for': forwarded },
      );
      expect(ok.status, forwarded).toBe(200);
      const forgot = await postJson(
        server,
        '/api/auth/forgot-password',
        { email: uniqueEmail('fwd') },
        { 'x-forwarded-for': forwarded },
      );
      expect(forgot.status, forwarded).toBe(200);
    }
  });

  it('people behind one address signing in successfully never use up its budget', async () => {
    // The per-IP budget here is 8 failures; 12 right passwords from the same address all go through.
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(server)));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const person of people)
        statuses.push((await login(person.email, person.password, '10.0.0.11')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await login(uniqueEmail('after'), 'plum orchard lantern', '10.0.0.11')).status).toBe(400);
  });

  it('a burst of right passwords from one address at once is never refused for the address', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(server)));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const person = people[i % people.length]!;
        return login(person.email, person.password, '10.0.0.12');
      }),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  });
});
