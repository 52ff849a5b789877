import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, exportJWK, importJWK, jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, startInterop, visit } from '../interop/support';
import { basicAuth, insertClient, REDIRECT_URI, type TestClient } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { clientAssertion as assertion, assertionTokenRequest, clientKeys, setSecurity } from './fixture';

/**
 * private_key_jwt (RFC 7523) and the FAPI 2.0 Security Profile, as openid-client drives them: PAR,
 * PKCE, DPoP-bound tokens, a client assertion for the issuer, and every shortcut refused.
 */
let server: TestServer;
let person: TestUser;

beforeAll(async () => {
  ({ server, person } = await startInterop());
});
afterAll(() => server?.close());

const http = { execute: [oidc.allowInsecureRequests] };
type Keys = Awaited<ReturnType<typeof clientKeys>>;

async function appWithKeys(profile: { fapi_2?: boolean } = {}) {
  const app = await insertClient(server, person, { name: profile.fapi_2 ? 'Bank' : 'Keyed app' });
  const keys = await clientKeys(profile.fapi_2 ? 'PS256' : 'ES256');
  await setSecurity(server, person, app, { auth_method: 'private_key_jwt', jwks: keys.jwks, ...profile });
  const config = await oidc.discovery(
    new URL(server.url),
    app.clientId,
    // A FAPI relying party expects ES256 ID tokens (FAPI 2.0 §5.4); openid-client checks the alg.
    profile.fapi_2 ? { id_token_signed_response_alg: 'ES256' } : undefined,
    oidc.PrivateKeyJwt({ key: keys.privateKey, kid: keys.kid }),
    http,
  );
  return { app, keys, config };
}

const tokenForm = (app: TestClient, jwt: string) => assertionTokenRequest(server, app, jwt);

/** A FAPI sign-in as openid-client makes it: PAR with PKCE and DPoP, the person's consent, the code redeemed. */
async function signInWithPar(
  config: oidc.Configuration,
  DPoP: oidc.DPoPHandle,
  params: { scope?: string; state?: string } = {},
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = await oidc.buildAuthorizationUrlWithPAR(
    config,
    {
      redirect_uri: REDIRECT_URI,
      scope: params.scope ?? 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(params.state ? { state: params.state } : {}),
    },
    { DPoP },
  );
  const { callback } = await visit(server, CookieJar.of(person), person, url);
  const tokens = await oidc.authorizationCodeGrant(
    config,
    callback,
    { pkceCodeVerifier: verifier, expectedState: params.state },
    undefined,
    { DPoP },
  );
  return { callback, tokens };
}

/** A pushed request made by hand, authenticated with a client assertion. */
const pushRaw = async (app: TestClient, keys: Keys, params: Record<string, string>) =>
  server.fetch('/oauth2/par', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(app, keys, server.url),
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...params,
    }),
  });

describe('private_key_jwt', () => {
  it('openid-client authenticates with its private key; the secret no longer does', async () => {
    const { app, config } = await appWithKeys();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const { callback } = await visit(server, CookieJar.of(person), person, url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(person.id);

    const withSecret = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(app) },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
    });
    expect(withSecret.status).toBe(401);
    expect(await withSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('an assertion is single use and signed by a registered key', async () => {
    const { app, keys } = await appWithKeys();
    const jwt = await assertion(app, keys, server.url);
    // Accepted as the client (the code itself is unknown).
    const first = await tokenForm(app, jwt);
    expect(await first.json()).toMatchObject({ error: 'invalid_grant' });
    const replayed = await tokenForm(app, jwt);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_client' });

    // An assertion that claims to last a century: refused, never a 5xx.
    const century = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
      .setIssuer(app.clientId)
      .setSubject(app.clientId)
      .setAudience(server.url)
      .setIssuedAt()
      .setExpirationTime(1e13)
      .sign(keys.privateKey);
    const longLived = await tokenForm(app, century);
    expect(longLived.status).toBe(401);
    expect(await longLived.json()).toMatchObject({ error: 'invalid_client' });

    // One dated a minute or more ahead was made to be kept: refused (FAPI 2.0 §5.3.2.1); a
    // clock half a minute fast is not.
    const now = Math.floor(Date.now() / 1000);
    const datedAhead = (seconds: number) =>
      new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .setIssuer(app.clientId)
        .setSubject(app.clientId)
        .setAudience(server.url)
        .setIssuedAt(now + seconds)
        .setExpirationTime(now + 500)
        .sign(keys.privateKey);
    for (const seconds of [3600, 90]) {
      const dated = await tokenForm(app, await datedAhead(seconds));
      expect(dated.status, `iat ${seconds} s ahead`).toBe(401);
      expect(await dated.json()).toMatchObject({ error: 'invalid_client' });
    }
    expect(await (await tokenForm(app, await datedAhead(30))).json()).toMatchObject({
      error: 'invalid_grant',
    });

    const stranger = await clientKeys('ES256');
    const forged = await tokenForm(app, await assertion(app, { ...stranger, kid: keys.kid }, server.url));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('an assertion names the issuer alone as its audience, without the FAPI profile too', async () => {
    // An app tricked into signing for another server's metadata (the 2025 audience-injection
    // advisory) may put our token endpoint, or a list, in `aud`: that assertion is replayable here.
    const { app, keys } = await appWithKeys();
    for (const aud of [
      `${server.url}/oauth2/token`,
      [server.url, 'https://elsewhere.example'],
      [server.url],
    ]) {
      const jwt = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .setIssuer(app.clientId)
        .setSubject(app.clientId)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(keys.privateKey);
      const refused = await tokenForm(app, jwt);
      expect(refused.status, JSON.stringify(aud)).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    }
    const forIssuer = await tokenForm(app, await assertion(app, keys, server.url));
    expect(await forIssuer.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the FAPI 2.0 security profile', () => {
  it('openid-client signs in with PAR, PKCE, DPoP and private_key_jwt; tokens are DPoP-bound, refresh is not rotated', async () => {
    const { config } = await appWithKeys({ fapi_2: true });
    const DPoP = oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
    const { callback, tokens } = await signInWithPar(config, DPoP, {
      scope: 'openid profile',
      state: oidc.randomState(),
    });
    // openid-client checked the `iss` of the response (RFC 9207) before it redeemed the code.
    expect(callback.searchParams.get('iss')).toBe(server.url);
    expect(tokens.token_type).toBe('dpop');
    expect(tokens.claims()?.sub).toBe(person.id);
    // Signed ES256 with a published key, verified here against the JWKS.
    const idToken = tokens.id_token ?? '';
    expect(decodeProtectedHeader(idToken)).toMatchObject({
      alg: 'ES256',
      kid: expect.stringMatching(/-es256$/),
    });
    const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL('/oauth2/jwks', server.url)), {
      issuer: server.url,
      algorithms: ['ES256'],
    });
    expect(payload.sub).toBe(person.id);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.id, { DPoP });
    expect(info.sub).toBe(person.id);
    const bearer = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(bearer.status).toBe(401);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', undefined, { DPoP });
    expect(refreshed.token_type).toBe('dpop');
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
  });

  it('refuses what the profile forbids: no PAR, no PKCE, no DPoP, an assertion for the token endpoint', async () => {
    const { app, keys, config } = await appWithKeys({ fapi_2: true });
    const challenge = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
    // Not pushed.
    const plain = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const res = await CookieJar.of(person).fetch(server, `${plain.pathname}${plain.search}`);
    expect(new URL(res.headers.get('location') ?? '', server.url).searchParams.get('error_description')).toBe(
      'Pushed Authorization Request must be used',
    );
    // Pushed without PKCE.
    await expect(
      oidc.buildAuthorizationUrlWithPAR(config, { redirect_uri: REDIRECT_URI, scope: 'openid', state: 's' }),
    ).rejects.toMatchObject({ error: 'invalid_request' });
    // A code redeemed without a DPoP proof.
    const verifier = oidc.randomPKCECodeVerifier();
    const url = await oidc.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await visit(server, CookieJar.of(person), person, url);
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Its client assertion must name the issuer, not the token endpoint (FAPI 2.0 §5.3.2.1).
    const forEndpoint = await tokenForm(app, await assertion(app, keys, `${server.url}/oauth2/token`));
    expect(forEndpoint.status).toBe(401);
    expect(await forEndpoint.json()).toMatchObject({ error: 'invalid_client' });
    const forIssuer = await tokenForm(app, await assertion(app, keys, server.url));
    expect(await forIssuer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a refresh racing the revocation of its (not rotated) refresh token leaves no working token', async () => {
    const { config } = await appWithKeys({ fapi_2: true });
    const DPoP = oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
    for (let round = 0; round < 12; round++) {
      const { tokens } = await signInWithPar(config, DPoP);
      const refreshToken = tokens.refresh_token ?? '';
      const [refreshed] = await Promise.allSettled([
        oidc.refreshTokenGrant(config, refreshToken, undefined, { DPoP }),
        new Promise((wake) => setTimeout(wake, round % 6)).then(() =>
          oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' }),
        ),
      ]);
      // Revoked: whatever the refresh got, if anything, works no more.
      if (refreshed.status === 'fulfilled')
        await expect(
          oidc.fetchUserInfo(config, refreshed.value.access_token, person.id, { DPoP }),
          `round ${round}`,
        ).rejects.toThrow();
    }
  });

  it('pushes requests that last 60 seconds, need a redirect_uri, and take no RS256 assertion', async () => {
    const { app, keys } = await appWithKeys({ fapi_2: true });
    const pushed = await pushRaw(app, keys, { redirect_uri: REDIRECT_URI });
    expect(pushed.status).toBe(201);
    expect(await pushed.json()).toMatchObject({ expires_in: 60 });
    const noRedirect = await pushRaw(app, keys, {});
    expect(noRedirect.status).toBe(400);
    expect(await noRedirect.json()).toMatchObject({ error: 'invalid_request' });

    // The app's own RSA key, signing with RS256 instead of PS256.
    const { d, p, q, dp, dq, qi, n, e } = await exportJWK(keys.privateKey);
    const sameKey = await importJWK({ kty: 'RSA', d, p, q, dp, dq, qi, n, e }, 'RS256');
    const rs256 = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setIssuer(app.clientId)
      .setSubject(app.clientId)
      .setAudience(server.url)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(sameKey);
    const refused = await tokenForm(app, rs256);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
  });
});
