import type { OAuthClient } from '@omnia/contracts/developer';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWithApp } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';

/*
 * RFC 7662 §2.1: the introspection endpoint MUST require some form of authorization (client
 * authentication) "to prevent token scanning attacks". A single-page app has no credential: naming
 * its client_id, which anyone can, learns nothing. It may still revoke its own token (RFC 7009 §2.1).
 */
const APP_ORIGIN = 'https://notes.spa.example';
const REDIRECT = `${APP_ORIGIN}/callback`;
const http = { [oauth.allowInsecureRequests]: true } as const;
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'spa',
    name: 'Notes SPA',
    redirect_uris: [REDIRECT],
  }));
});
afterAll(() => server?.close());

describe('introspection of a public client’s token', () => {
  it('learns nothing with only the public client_id; the app may still revoke it', async () => {
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
    const rp: oauth.Client = { client_id: app.client_id };
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint ?? '');
    url.search = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 's',
    }).toString();
    const { callback } = await visit(server, CookieJar.of(owner), owner, url);
    const params = oauth.validateAuthResponse(as, rp, callback, 's');
    const res = await oauth.authorizationCodeGrantRequest(as, rp, oauth.None(), params, REDIRECT, verifier, {
      headers: { Origin: APP_ORIGIN },
      ...http,
    });
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, res);
    // Anyone (a stranger's server, no Origin) names the public client_id and a token it holds.
    const seen = await server.fetch('/oauth2/introspect', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: app.client_id, token: tokens.access_token }),
    });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ active: false });
    const userinfo = () =>
      server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await userinfo()).status).toBe(200);
    const revoked = await server.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', Origin: APP_ORIGIN },
      body: new URLSearchParams({ client_id: app.client_id, token: tokens.access_token }),
    });
    expect(revoked.status).toBe(200);
    expect((await userinfo()).status).toBe(401);
  });
});
