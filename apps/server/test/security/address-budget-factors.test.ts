import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPasskey, enableTotp } from '../factors/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { cookieOf, createUser, postJson, type TestUser } from '../support/users';

/*
 * The per-address sign-in budget (three failures here) beyond passwords. A right password gives
 * its attempt back, so the codes guessed at the second step must count on the address too: else
 * one address holding many leaked passwords guesses codes across their accounts, five each per
 * window. A passkey sign-in counts as a password does: a failure stays counted, a success is
 * given back, so people behind one address signing in never use its budget up.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: 'true' },
    { modules: { accounts: { limits: { loginFailuresPerIp: { points: 3, windowSeconds: 900 } } } } },
  );
}, 60_000);
afterAll(() => server?.close());

const fromAddress = (ip: string) => ({ 'x-forwarded-for': ip });

describe('second-step codes from one address across accounts', () => {
  it('are cut off by the address budget: three wrong codes are checked, then 429', async () => {
    const from = fromAddress('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const user: TestUser = await createUser(server);
      await enableTotp(server, user);
      const first = await postJson(
        server,
        '/api/auth/login',
        { email: user.email, password: user.password },
        from,
      );
      // Once the address has used its budget, even a right password waits.
      if (first.status === 429) {
        statuses.push(429);
        continue;
      }
      const cookie = cookieOf(first, 'omnia_two_step') ?? '';
      for (let g = 0; g < 2; g++) {
        const res = await postJson(
          server,
          '/api/auth/two-step/totp',
          { code: '000000' },
          { ...from, cookie },
        );
        statuses.push(res.status);
      }
    }
    // Three codes checked (the third is told to wait), then nothing more from this address.
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
    expect(statuses.length).toBeGreaterThan(3);
  });

  it('a right code gives the address its attempt back', async () => {
    const from = fromAddress('203.0.113.10');
    for (let i = 0; i < 4; i++) {
      const user = await createUser(server);
      const { recoveryCodes } = await enableTotp(server, user);
      const first = await postJson(
        server,
        '/api/auth/login',
        { email: user.email, password: user.password },
        from,
      );
      const cookie = cookieOf(first, 'omnia_two_step') ?? '';
      const res = await postJson(
        server,
        '/api/auth/two-step/recovery',
        { code: recoveryCodes[0] },
        { ...from, cookie },
      );
      expect(res.status, `person ${i + 1}`).toBe(200);
    }
  });
});

describe('passkey sign-ins from one address (an office behind one NAT)', () => {
  it('five right passkeys are all signed in; wrong ones are counted, then 429', async () => {
    const from = fromAddress('198.51.100.77');
    const origin = new URL(server.config.publicUrl).origin;
    const signInWith = async (assertion: (options: { challenge: string; rpId: string }) => unknown) => {
      const options = (await (await postJson(server, '/api/auth/passkey/options', {}, from)).json()) as {
        challenge: string;
        rpId: string;
      };
      return (await postJson(server, '/api/auth/passkey', { response: assertion(options) }, from)).status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { authenticator } = await addPasskey(server, await createUser(server));
      statuses.push(await signInWith((options) => authenticator.assert(options, origin)));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    // An assertion for another challenge fails and stays counted: three, then the address waits.
    const { authenticator } = await addPasskey(server, await createUser(server));
    const stale = authenticator.assert({ challenge: 'c3RhbGU', rpId: new URL(origin).hostname }, origin);
    const refused: number[] = [];
    for (let i = 0; i < 4; i++) refused.push(await signInWith(() => stale));
    expect(refused.slice(0, 3).every((s) => s >= 400 && s < 429)).toBe(true);
    expect(refused[3]).toBe(429);
  });
});
