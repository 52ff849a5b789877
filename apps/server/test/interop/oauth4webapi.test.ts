import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URI } from '../oauth/flow';
import { CookieJar, type Interop, startInterop, visit } from './support';

/** oauth4webapi 3 with its own checks at every step (process*Response, validateAuthResponse). */
let env: Interop & { identity: { fullName: string; username: string } };

beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

// Plain http on loopback in tests; a deployment is https.
const http = { [oauth.allowInsecureRequests]: true } as const;

describe('oauth4webapi 3', () => {
  it('discovery, PKCE and nonce, the code grant with a validated id_token, userinfo, refresh, revocation', async () => {
    const { server, person, client, identity } = env;
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
    const rp: oauth.Client = { client_id: client.clientId };
    const clientAuth = oauth.ClientSecretBasic(client.clientSecret);

    const codeVerifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint ?? '');
    for (const [name, value] of Object.entries({
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    }))
      url.searchParams.set(name, value);
    const { callback } = await visit(server, CookieJar.of(person), person, url);

    // state and iss (RFC 9207) are checked here.
    const params = oauth.validateAuthResponse(as, rp, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      rp,
      clientAuth,
      params,
      REDIRECT_URI,
      codeVerifier,
      http,
    );
    const result = await oauth.processAuthorizationCodeResponse(as, rp, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result);
    expect(claims).toMatchObject({ iss: server.url, aud: client.clientId, sub: person.id, nonce });
    expect(claims?.name).toBe(identity.fullName);

    const info = await oauth.processUserInfoResponse(
      as,
      rp,
      person.id,
      await oauth.userInfoRequest(as, rp, result.access_token, http),
    );
    expect(info).toMatchObject({
      name: identity.fullName,
      preferred_username: identity.username,
      email: person.email,
    });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      rp,
      await oauth.refreshTokenGrantRequest(as, rp, clientAuth, result.refresh_token ?? '', http),
    );
    expect(oauth.getValidatedIdTokenClaims(refreshed)?.sub).toBe(person.id);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, rp, clientAuth, refreshed.access_token, http),
    );
    const revoked = await oauth.userInfoRequest(as, rp, refreshed.access_token, http);
    expect(revoked.status).toBe(401);
  });
});
