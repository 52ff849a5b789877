import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pkce,
  startAuthorization,
  type TestClient,
} from '../oauth/flow';
import { createUser, refreshCookieOf, type TestUser } from '../support/users';
import { raceCode, raceDeviceCode, raceRefresh } from '../trust/single-use';
import { type Instance, type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * Single use and sign-out across two instances of one PostgreSQL database: one code
 * or refresh token presented to both at once has at most one winner, and a sign-out on one
 * instance ends the engine session on the other.
 */
const adminUrl = process.env.DATABASE_URL;
let a: Instance;
let b: Instance;
let pair: SharedDatabasePair | undefined;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  if (!adminUrl) return;
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_trust');
  ({ a, b } = pair);
  user = await createUser(a);
  client = await insertClient(a, await createUser(a));
}, 60_000);

afterAll(() => pair?.close());

describe.skipIf(!adminUrl)('two instances, single use and sign-out', () => {
  it('12 rounds or more of one code redeemed on both instances at once: never two token sets', async () => {
    // Both may lose a round (the loser's reuse revokes the grant before the winner's tokens are
    // written); rounds go on until one has a winner, so the race was really run.
    let won = 0;
    for (let round = 0; round < 30 && (round < 12 || won === 0); round++)
      won += await raceCode([a, b], client, user);
    expect(won).toBeGreaterThan(0);
  });

  it('12 rounds of one approved device code polled on both at once: never two token sets', async () => {
    const device = await insertClient(a, user, { device: true, name: 'A TV' });
    for (let round = 0; round < 12; round++) {
      await a.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-%').execute();
      await raceDeviceCode([a, b], device, user);
    }
  });

  it('12 rounds of one refresh token used on both at once: one successor, one chain; other devices keep working', async () => {
    for (let round = 0; round < 12; round++) await raceRefresh([a, b], client, user);
  });

  it('an Omnia session refresh retried on the other instance within the grace gets the same successor', async () => {
    const person = await createUser(a);
    const refreshOn = async (instance: Instance, cookie: string) => {
      const res = await instance.fetch('/api/auth/refresh', { method: 'POST', headers: { cookie } });
      expect(res.status).toBe(200);
      return refreshCookieOf(res);
    };
    const [onA, onB] = await Promise.all([
      refreshOn(a, person.refreshCookie),
      refreshOn(b, person.refreshCookie),
    ]);
    expect(onA).toBeTruthy();
    expect(onB).toBe(onA);
    // One chain: its next refresh works on either instance.
    expect(await refreshOn(b, onA ?? '')).toBeTruthy();
  });

  it('a sign-out on B ends the engine session on A at once', async () => {
    const person = await createUser(a);
    const browser = CookieJar.of(person);
    await decide(
      a,
      browser,
      await startAuthorization(a, browser, authorizeUrl(client, pkce())),
      person,
      true,
    );
    const logout = await b.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(logout.status).toBe(204);
    const silent = await browser.fetch(a, `${authorizeUrl(client, pkce())}&prompt=none`);
    expect(new URL(silent.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });
});
