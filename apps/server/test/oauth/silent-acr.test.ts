import { ACR } from '@omnia/contracts/constants';
import { describe, expect, it } from 'vitest';
import { authorizeAs, authorizeUrl, CookieJar, pkce, REDIRECT_URI, useClientWorld } from '../oauth/flow';

/*
 * A silent request (prompt=none) from a browser signed in to Omnia must end at the application,
 * never on a page (OpenID Connect Core 3.1.2.1), whatever shape its `claims` parameter gives an
 * essential `acr`. Omnia reads the shape as the engine's login checks do (acrRequest): had they
 * read it differently, the engine would ask again after Omnia answered, prompt=none gone, and the
 * browser would land on the consent screen, unseen in a hidden iframe.
 */
const world = useClientWorld();

const acr = (value: object) => JSON.stringify({ id_token: { acr: value } });
const shapes: [string, string][] = [
  ['essential "yes", value two-step', acr({ essential: 'yes', value: ACR.twoStep })],
  ['essential 1, values [two-step]', acr({ essential: 1, values: [ACR.twoStep] })],
  ['essential true, values []', acr({ essential: true, values: [] })],
  [
    'essential true, values [password], value two-step',
    acr({ essential: true, values: [ACR.password], value: ACR.twoStep }),
  ],
];

const silentRequest = (claims: string) => {
  const url = new URL(
    authorizeUrl(world.client, { challenge: pkce().challenge, scope: 'openid profile email' }),
    world.server.url,
  );
  url.searchParams.set('claims', claims);
  url.searchParams.set('prompt', 'none');
  return `${url.pathname}${url.search}`;
};

/** Follows engine redirects only (no page script), as a hidden iframe would: where it is left. */
async function where(jar: CookieJar, start: string) {
  let next = start;
  for (let hop = 0; hop < 4; hop++) {
    const location = (await jar.fetch(world.server, next)).headers.get('location') ?? '';
    if (!location.startsWith(world.server.url)) return location;
    next = location.replace(world.server.url, '');
  }
  return next;
}

describe('a silent request with an essential acr in any shape', () => {
  it('ends at the application with an error, never on the consent screen (engine session has the login)', async () => {
    await authorizeAs(world.server, world.client, world.user, 'openid profile email');
    for (const [name, claims] of shapes) {
      // A browser that went through the engine once: consent.silent() submits { login, consent }.
      const { jar } = await authorizeAs(world.server, world.client, world.user, 'openid profile email');
      const ended = await where(jar, silentRequest(claims));
      expect.soft(ended, name).toMatch(new RegExp(`^${REDIRECT_URI}\\?error=`));
    }
  });

  it('the same from a browser the engine has not seen yet', async () => {
    await authorizeAs(world.server, world.client, world.user, 'openid profile email');
    for (const [name, claims] of shapes) {
      const ended = await where(CookieJar.of(world.user), silentRequest(claims));
      expect.soft(ended, name).toMatch(new RegExp(`^${REDIRECT_URI}\\?error=`));
    }
  });

  it('gets a code when the sign-in meets the acr, in the same shapes', async () => {
    await authorizeAs(world.server, world.client, world.user, 'openid profile email');
    for (const claims of [
      acr({ essential: 'yes', value: ACR.password }),
      acr({ essential: 1, values: [ACR.twoStep, ACR.password] }),
      acr({ essential: true, values: [ACR.password], value: ACR.password }),
    ]) {
      const { jar } = await authorizeAs(world.server, world.client, world.user, 'openid profile email');
      expect
        .soft(await where(jar, silentRequest(claims)), claims)
        .toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`));
    }
  });
});
