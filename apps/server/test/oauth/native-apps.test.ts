import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@omnia/contracts';
import type { ConsentDetails, OAuthClient } from '@omnia/contracts/developer';
import { DEVELOPER_API } from '@omnia/contracts/developer';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, send, serverWithApp, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { CookieJar as FlowJar, followToClient, pkce } from './flow';

/*
 * Native and command-line apps (RFC 8252): a public client whose redirect is its own
 * reverse-domain scheme or a loopback address on whatever port it could open.
 */
const SCHEME_REDIRECT = 'com.example.notes:/oauth2redirect';

let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let clientId: string;
let appId: string;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'native',
    name: 'Notes for desktop',
    redirect_uris: [SCHEME_REDIRECT, 'http://127.0.0.1/callback'],
  }));
  clientId = app.client_id;
  appId = app.id;
});
afterAll(() => server?.close());

/** A loopback listener on a port the system picks, as a command-line tool opens one. */
async function loopbackPort(): Promise<{ port: number; close(): void }> {
  const listener: Server = createServer((_req, res) => res.end('You can close this window.'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return { port: (listener.address() as AddressInfo).port, close: () => listener.close() };
}

async function publicClient() {
  return oidc.discovery(new URL(server.url), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

async function authorizationUrl(config: oidc.Configuration, redirectUri: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}

describe('a native app', () => {
  it('signs in with openid-client through a loopback port chosen at run time', async () => {
    const loopback = await loopbackPort();
    try {
      const config = await publicClient();
      const redirectUri = `http://127.0.0.1:${loopback.port}/callback`;
      const req = await authorizationUrl(config, redirectUri);
      const { callback, consentAsked } = await visit(server, CookieJar.of(owner), owner, req.url);
      expect(consentAsked).toBe(true);
      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: req.verifier,
        expectedState: req.state,
      });
      expect(tokens.claims()?.sub).toBe(owner.id);
      expect(tokens.claims()?.aud).toBe(clientId);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    } finally {
      loopback.close();
    }
  });

  it('comes back to its own scheme, and its user is asked every time (RFC 8252 §8.6)', async () => {
    const config = await publicClient();
    const jar = CookieJar.of(owner);
    for (let round = 0; round < 2; round++) {
      const req = await authorizationUrl(config, SCHEME_REDIRECT);
      const { callback, consentAsked } = await visit(server, jar, owner, req.url);
      expect(consentAsked).toBe(true);
      expect(callback.protocol).toBe('com.example.notes:');
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: req.verifier,
        expectedState: req.state,
      });
      expect(tokens.access_token).toBeTruthy();
    }
    // Nobody is there to decide: a silent request is refused, not answered with a code.
    const silent = await authorizationUrl(config, SCHEME_REDIRECT);
    silent.url.searchParams.set('prompt', 'none');
    // The browser is signed in to Omnia: the request is answered without a page, after one hop
    // through the engine's resume (silent-authorization.ts).
    const back = await followToClient(server, jar, `${silent.url.pathname}${silent.url.search}`);
    expect(back.protocol).toBe('com.example.notes:');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('consent_required');
  });

  it('has no secret and cannot call the token endpoint from a web page', async () => {
    expect((await send(server, owner, 'GET', DEVELOPER_API.secret(appId))).status).toBe(404);
    const res = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8000' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses, at registration and in an edit, the URIs that are not a native app’s', async () => {
    const refused = async (input: Record<string, unknown>, field: string, message: string) => {
      const res = await send(server, owner, 'POST', DEVELOPER_API.clients, validClient(input));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { fields: { [field]: message } } });
    };
    await refused(
      { app_type: 'native', redirect_uris: ['http://localhost:8080/cb'] },
      'redirect_uris.0',
      MESSAGES.nativeLocalhost,
    );
    await refused(
      { app_type: 'native', redirect_uris: ['notes:/cb'] },
      'redirect_uris.0',
      MESSAGES.nativeRedirectUriInvalid,
    );
    // A web application is told which kind of app takes a custom scheme.
    await refused({ redirect_uris: [SCHEME_REDIRECT] }, 'redirect_uris.0', MESSAGES.customSchemeNeedsNative);

    const edit = await send(server, owner, 'PATCH', DEVELOPER_API.client(appId), {
      ...validClient({ redirect_uris: ['http://localhost/cb'] }),
    });
    expect(edit.status).toBe(400);
    expect(await edit.json()).toMatchObject({
      error: { fields: { 'redirect_uris.0': MESSAGES.nativeLocalhost } },
    });
    const logout = await send(server, owner, 'PATCH', DEVELOPER_API.settings(appId), {
      post_logout_redirect_uris: ['http://a.example/bye'],
    });
    expect(logout.status).toBe(400);
    const kept = await send(server, owner, 'GET', DEVELOPER_API.client(appId));
    expect(((await kept.json()) as { client: { redirect_uris: string[] } }).client.redirect_uris).toEqual([
      SCHEME_REDIRECT,
      'http://127.0.0.1/callback',
    ]);
  });

  it('leaves web applications to exact matches: a loopback on another port is refused', async () => {
    const web = await register(server, owner, validClient({ redirect_uris: ['http://127.0.0.1:3000/cb'] }));
    const res = await CookieJar.of(owner).fetch(
      server,
      `/oauth2/authorize?${new URLSearchParams({
        client_id: web.client_id,
        redirect_uri: 'http://127.0.0.1:4000/cb',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
    );
    const location = new URL(res.headers.get('location') ?? '', server.url);
    expect(location.origin).toBe(new URL(server.url).origin);
    expect(location.pathname).toBe('/oauth2/consent/error');
    expect(location.searchParams.get('error')).toBe('invalid_redirect_uri');
  });

  it.each([
    [
      'a web host written after it',
      'com.example.notes://accounts.bank.example/callback',
      'com.example.notes:',
    ],
    ['a scheme that reads like a domain', 'accounts.bank.example:/callback', 'accounts.bank.example:'],
  ])('names its own scheme, with its colon, as where it returns: %s', async (_case, disguised, shown) => {
    const other = await register(
      server,
      owner,
      validClient({ app_type: 'native', redirect_uris: [disguised] }),
    );
    const jar = FlowJar.of(owner);
    const query = new URLSearchParams({
      client_id: other.client_id,
      redirect_uri: disguised,
      response_type: 'code',
      scope: 'openid profile',
      state: 's',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const start = await jar.fetch(server, `/oauth2/authorize?${query}`);
    const uid = /\/oauth2\/consent\/([\w-]+)$/.exec(start.headers.get('location') ?? '')?.[1];
    const details = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: owner.authHeader });
    expect(((await details.json()) as ConsentDetails).redirect_host).toBe(shown);
  });
});
