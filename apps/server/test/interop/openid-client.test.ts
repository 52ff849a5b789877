import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URI } from '../oauth/flow';
import { CookieJar, type Interop, startInterop, visit } from './support';

/** openid-client 6, the way its documentation writes a relying party, signs a person in. */
let env: Interop & { identity: { fullName: string; username: string } };

beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

describe('openid-client 6', () => {
  it('discovery, PKCE and nonce, the code grant with a validated id_token, userinfo, refresh', async () => {
    const { server, person, client, identity } = env;
    const config = await oidc.discovery(
      new URL(server.url),
      client.clientId,
      client.clientSecret,
      undefined,
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    });
    const { callback, consentAsked } = await visit(server, CookieJar.of(person), person, url);
    expect(consentAsked).toBe(true);

    // The library checks state and iss, redeems the code, and validates the id_token (iss, aud,
    // exp, iat, nonce) before returning it.
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedNonce: nonce,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: person.id, name: identity.fullName, email: person.email, nonce });

    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.id);
    expect(info).toMatchObject({
      sub: person.id,
      name: identity.fullName,
      preferred_username: identity.username,
      email: person.email,
      email_verified: true,
    });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(person.id);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, person.id)).email).toBe(person.email);
    // A retry of the same refresh (a lost response) gets the same successor, not a revoked grant.
    const retried = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(retried.refresh_token).toBe(refreshed.refresh_token);
    // Once the app moved on with the successor, the used refresh token is refused.
    const next = await oidc.refreshTokenGrant(config, refreshed.refresh_token ?? '');
    expect(next.refresh_token).not.toBe(refreshed.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
