import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSecurity } from '../fapi/fixture';
import { CookieJar, type Interop, startInterop } from '../interop/support';
import { insertClient, REDIRECT_URI } from '../oauth/flow';
import { createUser } from '../support/users';

/*
 * 'Not you? Switch account' on the consent screen: "sign out, sign in as someone else, and the same
 * request starts again" (integrators.md §3). For an app with 'Require pushed authorization
 * requests' (or the FAPI 2.0 profile), the restart is the pushed request's parameters sent in the
 * URL, which the engine refuses: the app gets invalid_request instead of its sign-in.
 */
let env: Interop;
beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

describe('switch account on a pushed request', () => {
  it('starts the same request again for a PAR-only app', async () => {
    const { server } = env;
    const owner = await createUser(server);
    const other = await createUser(server);
    const app = await insertClient(server, owner, { name: 'PAR only' });
    await setSecurity(server, owner, app, { require_par: true });
    const config = await oidc.discovery(new URL(server.url), app.clientId, app.clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const url = await oidc.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'st',
    });
    // The owner's browser opens it: the consent screen, with 'Not you? Switch account'.
    const jar = CookieJar.of(owner);
    const first = await jar.fetch(server, `${url.pathname}${url.search}`);
    const uid = (first.headers.get('location') ?? '').split('/').pop() ?? '';
    const details = (await (
      await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: owner.authHeader })
    ).json()) as { restart_url: string };
    console.log('restart_url', details.restart_url);
    // Signed out, signed in as the other person, the page loads restart_url.
    const switched = CookieJar.of(other);
    const res = await switched.fetch(server, details.restart_url);
    const location = new URL(res.headers.get('location') ?? '', server.url);
    console.log('restart answered', res.status, location.href);
    expect(location.searchParams.get('error')).toBeNull();
    expect(location.pathname).toMatch(/^\/oauth2\/consent\/[\w-]+$/);
  });
});
