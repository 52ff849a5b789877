import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burst, failedChecksOf } from '../accounts/lockout-helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, outboxFor, postJson, type TestUser, uniqueEmail } from '../support/users';

/** Brute force, credential stuffing, sign-up and e-mail flooding. */
let server: TestServer;
let victim: TestUser;

beforeAll(async () => {
  // Small per-IP budgets so the test reaches them quickly; the rules are the production ones (the
  // sign-up budget through its setting, SIGNUPS_PER_IP_PER_HOUR).
  server = await startTestServer(
    { TRUST_PROXY: 'true', SIGNUPS_PER_IP_PER_HOUR: '6' },
    {
      modules: {
        accounts: {
          limits: {
            loginFailuresPerIp: { points: 8, windowSeconds: 900 },
            forgotPerIp: { points: 6, windowSeconds: 3600 },
            resetPerIp: { points: 4, windowSeconds: 3600 },
          },
        },
      },
    },
  );
  victim = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

const login = (email: string, password: string, ip: string) =>
  postJson(server, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

describe('login', () => {
  it('brute force on one account locks it with the time to wait, even for the right password', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await login(victim.email, `wrong password ${i}`, '10.0.0.1');
    expect(last?.status).toBe(429);
    const body = (await last?.json()) as { error: { message: string; retryAfterSeconds: number } };
    expect(body.error.message).toMatch(/Please try again in \d+ minutes?\./);
    expect(body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect((await login(victim.email, victim.password, '10.0.0.1')).status).toBe(429);
  });

  it('credential stuffing across many accounts from one address is cut off per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await login(uniqueEmail('stuffed'), 'plum orchard lantern', '10.0.0.2')).status);
    expect(statuses.slice(0, 7).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a burst across several accounts from one address gets no more checks than the per-IP budget', async () => {
    // Three accounts with 5 checks each would allow 15: the address's budget (8) is the limit.
    const targets = [await createUser(server), await createUser(server), await createUser(server)];
    const answers = await burst(
      Array.from({ length: 30 }, (_, i) => () => {
        const target = targets[i % targets.length] as TestUser;
        return login(target.email, `stuffed password ${i}`, '10.0.0.4');
      }),
    );
    expect(answers.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    let checks = 0;
    for (const target of targets) checks += await failedChecksOf(server, target.id);
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThanOrEqual(8);
  });
});

describe('sign-up and e-mail flooding', () => {
  it('one address cannot be signed up (and mailed) again and again', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await postJson(server, '/api/auth/signup', { email, password: 'plum orchard lantern' })).status,
      );
    expect(statuses).toContain(429);
    expect((await outboxFor(server, email)).length).toBeLessThanOrEqual(5);
  });

  it('one IP cannot create accounts without end', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await postJson(
            server,
            '/api/auth/signup',
            { email: uniqueEmail('ip'), password: 'plum orchard lantern' },
            { 'x-forwarded-for': '10.0.0.3' },
          )
        ).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it('forgot-password mail to one address is limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await postJson(server, '/api/auth/forgot-password', { email: victim.email })).status);
    expect(statuses).toContain(429);
    const resets = (await outboxFor(server, victim.email)).filter((m) => m.subject.includes('Reset'));
    expect(resets.length).toBeLessThanOrEqual(5);
  });

  // The database tells accounts apart by lower(): ΟΔΥΣΣΕΥΣ and οδυσσευσ are one account there
  // (JavaScript would lowercase the first to …ς), so they are one budget, or each spelling would
  // get the address's whole budget again.
  const spellings = (domain: string) => [`ΟΔΥΣΣΕΥΣ@${domain}`, `οδυσσευσ@${domain}`];
  const randomDomain = () => `sigma-${randomBytes(4).toString('hex')}.example.test`;

  /** Ten requests, the two spellings in turn, each from an address of its own: their statuses. */
  async function bothSpellings(path: string, body: (email: string) => object, network: string) {
    const [upper, lower] = spellings(randomDomain()) as [string, string];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const headers = { 'x-forwarded-for': `${network}.${i}` };
      statuses.push((await postJson(server, path, body(i % 2 ? lower : upper), headers)).status);
    }
    return statuses;
  }

  it('every spelling of one address shares its sign-up budget', async () => {
    const password = 'plum orchard lantern';
    expect(await bothSpellings('/api/auth/signup', (email) => ({ email, password }), '10.0.7')).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429, 429, 429,
    ]);
  });

  it('every spelling of one address shares its forgot-password budget', async () => {
    expect(await bothSpellings('/api/auth/forgot-password', (email) => ({ email }), '10.0.8')).toEqual([
      200, 200, 200, 200, 200, 429, 429, 429, 429, 429,
    ]);
  });

  it('every spelling of one address shares its resend cool-down', async () => {
    const [upper, lower] = spellings(randomDomain()) as [string, string];
    const first = await postJson(
      server,
      '/api/auth/resend',
      { email: upper },
      { 'x-forwarded-for': '10.0.9.1' },
    );
    expect(first.status).toBe(200);
    const second = await postJson(
      server,
      '/api/auth/resend',
      { email: lower },
      { 'x-forwarded-for': '10.0.9.2' },
    );
    expect(second.status).toBe(429);
  });

  it('guessed reset links from one address are cut off before they cost a password hash', async () => {
    const guess = (i: number) =>
      postJson(
        server,
        '/api/auth/reset-password',
        { token: `guessed-token-${i}`, password: 'a new password 1' },
        { 'x-forwarded-for': '10.0.9.9' },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(i)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const limited = await guess(7);
    const body = (await limited.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/Please try again in \d+ minutes?\./);
    // Another address is not affected.
    const other = await postJson(
      server,
      '/api/auth/reset-password',
      { token: 'guessed-token-x', password: 'a new password 1' },
      { 'x-forwarded-for': '10.0.9.10' },
    );
    expect(other.status).toBe(400);
  });

  it('guessed links that confirm a new address are cut off per address, like the other links', async () => {
    const guess = (i: number, ip = '10.0.9.11') =>
      postJson(
        server,
        '/api/auth/confirm-email',
        { token: `guessed-confirm-${i}` },
        { 'x-forwarded-for': ip },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(i)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect((await guess(7, '10.0.9.12')).status).toBe(400);
  });
});
