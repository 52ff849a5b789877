import { describe, expect, it } from 'vitest';
import { authorizeAs, authorizeUrl, CookieJar, pkce, REDIRECT_URI, useClientWorld } from './flow';

/*
 * Requests the engine can never see met, from a browser signed in with the app's consent
 * remembered: a `claims` parameter naming another account's `sub`, or an essential `acr` or a `sub`
 * whose value is not a string. Each must end at the application with an error (OpenID Connect Core
 * 3.1.2.6, 5.5.1), never send the browser round between the engine and the consent page (the
 * page follows `redirect_to` by script, so no browser redirect limit would stop it), and a silent
 * request (`prompt=none`) must never end on a screen.
 */
const world = useClientWorld();

/** Follows the browser from `start` until the application or a screen: where it ended, and how. */
async function follow(jar: CookieJar, start: string) {
  let next = start;
  for (let round = 0; round < 6; round++) {
    const res = await jar.fetch(world.server, next);
    const location = res.headers.get('location') ?? '';
    if (location.startsWith(REDIRECT_URI))
      return { at: 'app', error: new URL(location).searchParams.get('error') };
    const consent = /\/oauth2\/consent\/([\w-]+)$/.exec(location)?.[1];
    if (consent) {
      const details = await jar.fetch(world.server, `/oauth2/consent/${consent}/details`, {
        headers: world.user.authHeader,
      });
      const { redirect_to } = (await details.json()) as { redirect_to?: string };
      if (!redirect_to) return { at: 'screen', error: null };
      next = redirect_to;
      continue;
    }
    next = location.replace(world.server.url, '');
    if (!next.startsWith('/')) return { at: `elsewhere ${res.status} ${location}`, error: null };
  }
  return { at: 'still going round', error: null };
}

const asking = (claims: object, extra: Record<string, string> = {}) => {
  const url = new URL(authorizeUrl(world.client, { challenge: pkce().challenge }), world.server.url);
  url.searchParams.set('claims', JSON.stringify(claims));
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
};

const unmeetable: [string, object][] = [
  ['another account’s sub', { id_token: { sub: { value: 'someone-else' } } }],
  ['a sub that is not a string', { id_token: { sub: { value: 123 } } }],
  ['an essential acr that is not a string', { id_token: { acr: { essential: true, value: { a: 1 } } } }],
  ['essential acr values that are not strings', { id_token: { acr: { essential: true, values: [1, 2] } } }],
];

describe('a request no sign-in can meet', () => {
  it('ends at the application with an error, at once', async () => {
    await authorizeAs(world.server, world.client, world.user);
    for (const [name, claims] of unmeetable) {
      const ended = await follow(new CookieJar().signIn(world.user), asking(claims));
      expect(ended.at, name).toBe('app');
      expect(['login_required', 'unmet_authentication_requirements', 'interaction_required'], name).toContain(
        ended.error,
      );
    }
  });

  it('silently (prompt=none): at the application with an error, never on a screen', async () => {
    await authorizeAs(world.server, world.client, world.user);
    for (const [name, claims] of unmeetable) {
      const jar = new CookieJar().signIn(world.user);
      const first = await jar.fetch(world.server, asking(claims, { prompt: 'none' }));
      let location = first.headers.get('location') ?? '';
      // The engine may resume once on its own path; it must then still go to the application.
      if (!location.startsWith(REDIRECT_URI) && location.startsWith(world.server.url))
        location =
          (await jar.fetch(world.server, location.replace(world.server.url, ''))).headers.get('location') ??
          '';
      expect(location, name).toMatch(new RegExp(`^${REDIRECT_URI}\\?`));
      expect(new URL(location).searchParams.get('error'), name).toBeTruthy();
    }
  });
});
