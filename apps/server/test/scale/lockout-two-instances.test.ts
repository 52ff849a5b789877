import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burst, failedChecksOf, statusCounts } from '../accounts/lockout-helpers';
import { createUser, postJson } from '../support/users';
import { type Instance, type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * The login lockout with two instances on one PostgreSQL database: a burst split between them
 * still gets at most 5 password checks. Needs DATABASE_URL (PGlite is one process's database).
 */
const adminUrl = process.env.DATABASE_URL;
const reason = 'needs DATABASE_URL (a PostgreSQL server shared by both instances; .ci/run provides one)';

let a: Instance;
let b: Instance;
let pair: SharedDatabasePair | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_lockout', { TRUST_PROXY: 'true' });
  ({ a, b } = pair);
}, 60_000);

afterAll(() => pair?.close());

describe.skipIf(!adminUrl)(`lockout across two instances (${adminUrl ? 'PostgreSQL' : reason})`, () => {
  // The right password is sent after the burst, not in it: two workers take requests in no set
  // order, and a right password checked early rightly clears the failures before it.
  it('28 wrong passwords split between A and B at once: at most 5 checks, then even the right one is refused', async () => {
    const user = await createUser(a);
    const passwords = Array.from({ length: 28 }, (_, i) => `wrong password ${i}`);
    const answers = await burst(
      passwords.map(
        (password, i) => () =>
          postJson(
            i % 2 ? b : a,
            '/api/auth/login',
            { email: user.email, password },
            {
              'x-forwarded-for': '10.18.0.1',
            },
          ),
      ),
    );
    const counts = statusCounts(answers);
    expect(counts[400] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(28);
    const checks = await failedChecksOf(a, user.id);
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThanOrEqual(5);
    for (const server of [a, b]) {
      const right = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
      expect(right.status).toBe(429);
    }
  });
});
