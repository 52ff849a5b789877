import { calculateJwkThumbprint, exportJWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, type Interop, startInterop, visit } from '../interop/support';
import { insertClient, REDIRECT_URI, type TestClient } from '../oauth/flow';
import type { TestUser } from '../support/users';
import { dpopKey, dpopProof, setSecurity } from './fixture';

/** DPoP (RFC 9449) with oauth4webapi's support: tokens bound to the app's key, and what is refused. */
let env: Interop;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  env = await startInterop();
  const issuer = new URL(env.server.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
});
afterAll(() => env?.server.close());

const http = { [oauth.allowInsecureRequests]: true } as const;

/** oauth4webapi's code grant with a DPoP handle: the tokens it returns. */
async function signInWithDpop(client: TestClient, person: TestUser, DPoP?: oauth.DPoPHandle) {
  const rp: oauth.Client = { client_id: client.clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  for (const [name, value] of Object.entries({
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  }))
    url.searchParams.set(name, value);
  const { callback } = await visit(env.server, CookieJar.of(person), person, url);
  const params = oauth.validateAuthResponse(as, rp, callback, state);
  const grant = () =>
    oauth.authorizationCodeGrantRequest(
      as,
      rp,
      oauth.ClientSecretBasic(client.clientSecret),
      params,
      REDIRECT_URI,
      verifier,
      {
        ...http,
        DPoP,
      },
    );
  const response = await grant();
  return { rp, response };
}

const userinfo = (headers: Record<string, string>) => env.server.fetch('/oauth2/userinfo', { headers });

describe('DPoP (RFC 9449)', () => {
  it('oauth4webapi gets tokens bound to its key; userinfo takes them with a proof, never as bearer', async () => {
    const { server, person, client } = env;
    const key = await dpopKey();
    const rp: oauth.Client = { client_id: client.clientId };
    const DPoP = oauth.DPoP(rp, key);
    const { response } = await signInWithDpop(client, person, DPoP);
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, response);
    expect(tokens.token_type.toLowerCase()).toBe('dpop');

    const info = await oauth.userInfoRequest(as, rp, tokens.access_token, { ...http, DPoP });
    expect((await oauth.processUserInfoResponse(as, rp, person.id, info)).sub).toBe(person.id);

    // Stolen and sent as a bearer token: refused.
    const bearer = await userinfo({ authorization: `Bearer ${tokens.access_token}` });
    expect(bearer.status).toBe(401);
    // With a proof from another key: refused.
    const htu = `${server.url}/oauth2/userinfo`;
    const otherKey = await dpopKey();
    const foreign = await userinfo({
      authorization: `DPoP ${tokens.access_token}`,
      dpop: await dpopProof(otherKey, 'GET', htu, { accessToken: tokens.access_token }),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);

    // A proof seen once is not taken again.
    const proof = await dpopProof(key, 'GET', htu, { accessToken: tokens.access_token });
    const first = await userinfo({ authorization: `DPoP ${tokens.access_token}`, dpop: proof });
    expect(first.status).toBe(200);
    const replayed = await userinfo({ authorization: `DPoP ${tokens.access_token}`, dpop: proof });
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);

    // Introspection tells a resource server the key the token is bound to (RFC 9449 §6.2).
    const introspected = await oauth.introspectionRequest(
      as,
      rp,
      oauth.ClientSecretBasic(client.clientSecret),
      tokens.access_token,
      http,
    );
    const seen = await oauth.processIntrospectionResponse(as, rp, introspected);
    expect(seen.active).toBe(true);
    expect(seen.cnf?.jkt).toBe(await calculateJwkThumbprint(await exportJWK(key.publicKey)));

    // Refreshed with a proof of the same key: still bound to it.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      rp,
      await oauth.refreshTokenGrantRequest(
        as,
        rp,
        oauth.ClientSecretBasic(client.clientSecret),
        tokens.refresh_token ?? '',
        {
          ...http,
          DPoP,
        },
      ),
    );
    expect(refreshed.token_type.toLowerCase()).toBe('dpop');
    expect((await userinfo({ authorization: `Bearer ${refreshed.access_token}` })).status).toBe(401);
  });

  it('of two requests racing with one proof, exactly one is served', async () => {
    const { server, person, client } = env;
    const key = await dpopKey();
    const rp: oauth.Client = { client_id: client.clientId };
    const { response } = await signInWithDpop(client, person, oauth.DPoP(rp, key));
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, response);
    const proof = await dpopProof(key, 'GET', `${server.url}/oauth2/userinfo`, {
      accessToken: tokens.access_token,
    });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        userinfo({ authorization: `DPoP ${tokens.access_token}`, dpop: proof }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it("'Require DPoP' refuses a token request without a proof", async () => {
    const { server, person } = env;
    const app = await insertClient(server, person, { name: 'DPoP only' });
    await setSecurity(server, person, app, { require_dpop: true });
    const { rp, response } = await signInWithDpop(app, person);
    await expect(oauth.processAuthorizationCodeResponse(as, rp, response)).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^DPoP proof JWT not provided: this app requires DPoP/),
    });
    // With one, it is served.
    const key = await dpopKey();
    const DPoP = oauth.DPoP(rp, key);
    const again = await signInWithDpop(app, person, DPoP);
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, again.response);
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
  });
});
