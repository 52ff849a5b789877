import { isIP } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/**
 * Generated bad input for every JSON and query API route: never a 5xx, always a 4xx with a
 * readable message, and no row changed by a refusal.
 */
let server: TestServer;
let user: TestUser;
let tried = 0;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  const registered = await server.fetch('/api/developer/clients', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({
      name: 'Fuzzed',
      redirect_uris: ['https://fuzz.example/cb'],
      allowed_scopes: ['profile'],
    }),
  });
  ownClient = ((await registered.json()) as { client: { id: string } }).client.id;
}, 60_000);
afterAll(async () => {
  console.log(`bad-input: ${tried} generated requests, no 5xx`);
  await server?.close();
});

const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((n) => String.fromCharCode(n)) });
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  controlChars,
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFFFF',
    '\uD800',
    '𝕏'.repeat(50),
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
  ),
  fc.string({ minLength: 5000, maxLength: 9000 }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 5 }),
);
/** Bodies: random JSON, objects with the right keys but wrong values, deep nesting, raw text. */
const body = (keys: string[]) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
    fc.integer({ min: 100, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    nasty,
    fc.constant('null'),
    fc.constant(''),
    fc.constant('{"email": "a@b.c", "password": '),
  );

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (as U+FFFD). */
const percentEncode = (v: string) =>
  [...Buffer.from(v, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

interface JsonRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  keys: string[];
  auth?: boolean;
}
const jsonRoutes: JsonRoute[] = [
  { method: 'POST', path: '/api/auth/signup', keys: ['email', 'password'] },
  { method: 'POST', path: '/api/auth/login', keys: ['email', 'password'] },
  { method: 'POST', path: '/api/auth/resend', keys: ['email'] },
  { method: 'POST', path: '/api/auth/forgot-password', keys: ['email'] },
  { method: 'POST', path: '/api/auth/reset-password', keys: ['token', 'password', 'confirmPassword'] },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    keys: ['currentPassword', 'password', 'confirmPassword'],
    auth: true,
  },
  {
    method: 'PUT',
    path: '/api/me/profile',
    keys: ['full_name', 'username', 'date_of_birth', 'bio'],
    auth: true,
  },
  { method: 'PUT', path: '/api/me/preferences', keys: ['theme', 'language'], auth: true },
  { method: 'PUT', path: '/api/me/interests', keys: ['interests'], auth: true },
  { method: 'POST', path: '/api/me/claims', keys: ['slug'], auth: true },
  {
    method: 'POST',
    path: '/api/developer/clients',
    keys: ['name', 'description', 'logo_url', 'redirect_uris', 'allowed_scopes'],
    auth: true,
  },
  // The mailed links' buttons.
  { method: 'POST', path: '/api/auth/verify', keys: ['token', 'password'] },
  { method: 'POST', path: '/api/auth/verify/check', keys: ['token'] },
  { method: 'POST', path: '/api/auth/confirm-email', keys: ['token'] },
  { method: 'POST', path: '/api/auth/cancel-email-change', keys: ['token'] },
  // Changing an app (':client' is the user's own app).
  {
    method: 'PATCH',
    path: '/api/developer/clients/:client',
    keys: ['name', 'description', 'logo_url', 'redirect_uris', 'allowed_scopes'],
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/developer/clients/:client/settings',
    keys: ['require_pkce', 'post_logout_redirect_uris', 'require_two_step'],
    auth: true,
  },
];
let ownClient = '';

async function rowCounts() {
  const db = server.deps.dbHandle.db;
  const count = async (
    table: 'users' | 'profiles' | 'oauth2_clients' | 'user_interests' | 'service_claims',
  ) => Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await count('users'),
    profiles: await count('profiles'),
    clients: await count('oauth2_clients'),
    interests: await count('user_interests'),
    claims: await count('service_claims'),
  };
}

async function expectClearRefusal(res: Response) {
  tried++;
  expect(res.status, `answered ${res.status}`).toBeLessThan(500);
  if (res.status >= 400) {
    const json = (await res.json()) as { error?: { message?: unknown }; error_description?: unknown };
    const message = json.error?.message ?? json.error_description;
    expect(typeof message).toBe('string');
    expect(String(message).length).toBeGreaterThan(0);
  } else await res.body?.cancel();
}

describe.each(jsonRoutes)('$method $path', (route) => {
  it('bad bodies: never 5xx, a clear 4xx, nothing stored', async () => {
    const client = async () =>
      server.deps.dbHandle.db
        .selectFrom('oauth2_clients')
        .selectAll()
        .where('id', '=', ownClient)
        .executeTakeFirst();
    const appBefore = await client();
    let accepted = 0;
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(body(route.keys), async (text) => {
        const res = await server.fetch(route.path.replace(':client', ownClient), {
          method: route.method,
          headers: { 'content-type': 'application/json', ...(route.auth ? user.authHeader : {}) },
          body: text,
        });
        if (res.status < 300) accepted++;
        await expectClearRefusal(res);
      }),
      { numRuns: 40 },
    );
    expect(await rowCounts()).toEqual(before);
    // A refused change of the app changed nothing of it either.
    // (A generated body can be a valid one, such as { require_pkce: true }: then it was applied.)
    if (route.method === 'PATCH' && accepted === 0) expect(await client()).toEqual(appBefore);
  }, 120_000);
});

describe('query strings and headers', () => {
  it.each([
    ['/api/profiles/username-available?username=', true],
    ['/api/me/security-events?before=', true],
    ['/api/auth/verify?token=', false],
    ['/api/services?x=', false],
  ])(
    '%s with generated values',
    async (prefix, auth) => {
      await fc.assert(
        fc.asyncProperty(nasty, async (v) => {
          const res = await server.fetch(`${prefix}${percentEncode(v)}`, {
            headers: auth ? user.authHeader : {},
            redirect: 'manual',
          });
          tried++;
          expect(res.status).toBeLessThan(500);
          await res.body?.cancel();
        }),
        { numRuns: 30 },
      );
    },
    120_000,
  );

  it('malformed Authorization headers are a 401, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        async (v) => {
          const res = await server.fetch('/api/me/profile', { headers: { authorization: `Bearer ${v}` } });
          await expectClearRefusal(res);
          expect(res.status).toBe(401);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it('a body larger than the JSON limit is refused with 413', async () => {
    const res = await server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    await expectClearRefusal(res);
    expect(res.status).toBe(413);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it.each(jsonRoutes)('$method $path refuses a NUL in every field with a 400', async (route) => {
    const before = await rowCounts();
    const body = Object.fromEntries(route.keys.map((k) => [k, 'x\u0000y']));
    const res = await server.fetch(route.path, {
      method: route.method,
      headers: { 'content-type': 'application/json', ...(route.auth ? user.authHeader : {}) },
      body: JSON.stringify(body),
    });
    await expectClearRefusal(res);
    expect(res.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('dates of birth', () => {
  /** Days in a month by the Gregorian rule, written out here rather than taken from the code under test. */
  const daysIn = (y: number, m: number) =>
    m === 2
      ? (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
        ? 29
        : 28
      : [4, 6, 9, 11].includes(m)
        ? 30
        : 31;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');

  it('generated YYYY-MM-DD dates: a real one from 1900 to today is stored, anything else is a 400 that stores nothing', async () => {
    const name = `dob_${user.id.slice(0, 8)}`;
    const put = (date_of_birth: string) =>
      server.fetch('/api/me/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...user.authHeader },
        body: JSON.stringify({ full_name: 'Date Tester', username: name, date_of_birth }),
      });
    expect((await put('1990-01-01')).status).toBe(200);
    let stored = '1990-01-01';
    const today = new Date().toISOString().slice(0, 10);
    // UTC's tomorrow is already today in the zones ahead of UTC for part of the day: either answer.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 1880, max: 2100 }), fc.integer({ min: 0, max: 9999 })),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 })),
        fc.oneof(fc.integer({ min: 28, max: 31 }), fc.integer({ min: 0, max: 99 })),
        async (y, m, d) => {
          const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const real = m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
          const expected = real && y >= 1900 && date <= today ? 200 : 400;
          const res = await put(date);
          await expectClearRefusal(res);
          if (date === tomorrow) return;
          expect(res.status, date).toBe(expected);
          if (res.status === 200) stored = date;
          const profile = await server.deps.dbHandle.db
            .selectFrom('profiles')
            .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('dob'))
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow();
          expect(profile.dob).toBe(stored);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('X-Forwarded-For behind a trusted proxy', () => {
  let trusting: TestServer;
  beforeAll(async () => {
    trusting = await startTestServer({ TRUST_PROXY: 'true' });
  }, 60_000);
  afterAll(() => trusting?.close());

  it('generated header values: never a 5xx, and what is stored is always an IP address', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
      fc
        .array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('unknown', '', '[::1]:80', '1.2.3.4:5')), {
          maxLength: 6,
        })
        .map((parts) => parts.join(', ')),
    );
    await fc.assert(
      fc.asyncProperty(header, async (forwarded) => {
        const res = await trusting.fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'plum orchard lantern' }),
        });
        await expectClearRefusal(res);
      }),
      { numRuns: 60 },
    );
    const keys = await sql<{ key: string }>`select key from rate_limits where key like 'login:ip:%'`.execute(
      trusting.deps.dbHandle.db,
    );
    expect(keys.rows.length).toBeGreaterThan(0);
    // An IPv4 address whole, an IPv6 one by its /64 (rateKeyOf): an address either way.
    for (const { key } of keys.rows)
      expect(isIP(key.slice('login:ip:'.length).replace(/\/64$/, '')), key).not.toBe(0);
  }, 120_000);
});
