import type { OAuthClient } from '@omnia/contracts/developer';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWithApp } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { dpopKey, setSecurity } from './fixture';

/**
 * A single-page app with PAR and DPoP, as oauth4webapi runs in a browser: it pushes its request
 * from its own origin without a secret, and its refresh tokens are bound to its DPoP key.
 */
const APP_ORIGIN = 'https://bank.spa.example';
const REDIRECT = `${APP_ORIGIN}/callback`;
const fromApp = { headers: { Origin: APP_ORIGIN }, [oauth.allowInsecureRequests]: true } as const;

let server: TestServer;
let owner: TestUser;
let app: OAuthClient;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'spa',
    name: 'Bank SPA',
    redirect_uris: [REDIRECT],
  }));
  await setSecurity(server, owner, { clientId: app.client_id }, { require_par: true, require_dpop: true });
});
afterAll(() => server?.close());

describe('a single-page app with PAR and DPoP', () => {
  it('pushes from its origin, gets DPoP-bound tokens, and refreshes only with its own key', async () => {
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, fromApp));
    const rp: oauth.Client = { client_id: app.client_id };
    const key = await dpopKey();
    const DPoP = oauth.DPoP(rp, key);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const params = new URLSearchParams({
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const pushed = await oauth.pushedAuthorizationRequest(as, rp, oauth.None(), params, { ...fromApp, DPoP });
    expect(pushed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const { request_uri } = await oauth.processPushedAuthorizationResponse(as, rp, pushed);

    const url = new URL(as.authorization_endpoint ?? '');
    url.search = new URLSearchParams({ client_id: app.client_id, request_uri }).toString();
    const { callback } = await visit(server, CookieJar.of(owner), owner, url);
    const code = oauth.validateAuthResponse(as, rp, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      rp,
      await oauth.authorizationCodeGrantRequest(as, rp, oauth.None(), code, REDIRECT, verifier, {
        ...fromApp,
        DPoP,
      }),
    );
    expect(tokens.token_type.toLowerCase()).toBe('dpop');

    // Stolen from the page, the refresh token is useless with another key.
    const thief = oauth.DPoP(rp, await dpopKey());
    const stolen = await oauth.refreshTokenGrantRequest(as, rp, oauth.None(), tokens.refresh_token ?? '', {
      ...fromApp,
      DPoP: thief,
    });
    await expect(oauth.processRefreshTokenResponse(as, rp, stolen)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      rp,
      await oauth.refreshTokenGrantRequest(as, rp, oauth.None(), tokens.refresh_token ?? '', {
        ...fromApp,
        DPoP,
      }),
    );
    expect(refreshed.token_type.toLowerCase()).toBe('dpop');
  });
});
