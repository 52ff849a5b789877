import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, type Interop, startInterop, visit } from '../interop/support';
import { insertClient, REDIRECT_URI } from '../oauth/flow';
import { createUser } from '../support/users';
import { setSecurity } from './fixture';

/** Pushed authorization requests (RFC 9126), as openid-client makes them, and what discovery says. */
let env: Interop;

beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

const http = { execute: [oidc.allowInsecureRequests] };

/** openid-client set up as `app`, authenticating with its secret. */
const configFor = (app: { clientId: string; clientSecret: string }) =>
  oidc.discovery(new URL(env.server.url), app.clientId, app.clientSecret, undefined, http);

async function pushedUrl(config: oidc.Configuration) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = await oidc.buildAuthorizationUrlWithPAR(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}

describe('discovery', () => {
  it('advertises PAR, DPoP, private_key_jwt and the iss parameter, each served', async () => {
    const meta = (await (await env.server.fetch('/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(meta.pushed_authorization_request_endpoint).toBe(`${env.server.url}/oauth2/par`);
    expect(meta.require_pushed_authorization_requests).toBeUndefined();
    expect(meta.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256']));
    expect(meta.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    expect(meta.token_endpoint_auth_signing_alg_values_supported).toEqual([
      'PS256',
      'ES256',
      'EdDSA',
      'Ed25519',
    ]);
    expect(meta.authorization_response_iss_parameter_supported).toBe(true);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    // Served: a PAR without client authentication is refused by the endpoint itself, not a 404.
    const res = await env.server.fetch('/oauth2/par', { method: 'POST' });
    expect(res.status).toBe(400);
  });
});

describe('pushed authorization requests (RFC 9126)', () => {
  it('openid-client pushes the request and signs in with its request_uri; the request_uri is single use', async () => {
    const { server, person, client } = env;
    const config = await configFor(client);
    const { url, verifier, state } = await pushedUrl(config);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const jar = CookieJar.of(person);
    const { callback } = await visit(server, jar, person, url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(person.id);

    // Used: the same request_uri again starts nothing.
    const again = await jar.fetch(server, `${url.pathname}${url.search}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/oauth2/consent/error?error=expired');
  });

  it('a request_uri is bound to the app that pushed it', async () => {
    const { server, person, client } = env;
    const config = await configFor(client);
    const { url } = await pushedUrl(config);
    const other = await insertClient(server, person, { name: 'Other app' });
    url.searchParams.set('client_id', other.clientId);
    const res = await CookieJar.of(person).fetch(server, `${url.pathname}${url.search}`);
    // Never a sign-in for the other app with this app's request.
    expect(res.headers.get('location') ?? '').not.toMatch(/\/oauth2\/consent\/[\w-]+$/);
    const back = new URL(res.headers.get('location') ?? 'x:', server.url);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it("'Require pushed authorization requests' refuses a request sent in the URL", async () => {
    const { server } = env;
    const owner = await createUser(server);
    const app = await insertClient(server, owner, { name: 'PAR only' });
    await setSecurity(server, owner, app, { require_par: true });
    const config = await configFor(app);
    const plain = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    const res = await CookieJar.of(owner).fetch(server, `${plain.pathname}${plain.search}`);
    const back = new URL(res.headers.get('location') ?? '', server.url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe('Pushed Authorization Request must be used');

    // Pushed, it works.
    const { url, verifier, state } = await pushedUrl(config);
    const { callback } = await visit(server, CookieJar.of(owner), owner, url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.access_token).toBeTruthy();
  });
});
