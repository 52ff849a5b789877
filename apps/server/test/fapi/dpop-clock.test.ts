import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, startInterop, visit } from '../interop/support';
import { insertClient, REDIRECT_URI, type TestClient } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { clientAssertion, clientKeys, dpopKey, dpopProof, setSecurity } from './fixture';

/*
 * FAPI 2.0 Security Profile §5.3.2.1: the server "shall reject JWTs with an iat or nbf timestamp
 * greater than 60 seconds in the future". The engine took a DPoP proof dated up to 300 s ahead,
 * and with a server nonce in it looked at its `iat` not at all (a year ahead passed).
 */
let server: TestServer;
let person: TestUser;

beforeAll(async () => {
  ({ server, person } = await startInterop());
});
afterAll(() => server?.close());

const http = { execute: [oidc.allowInsecureRequests] };
const now = () => Math.floor(Date.now() / 1000);
const tokenUrl = () => `${server.url}/oauth2/token`;

async function fapiApp() {
  const app = await insertClient(server, person, { name: 'Bank' });
  const keys = await clientKeys('ES256');
  await setSecurity(server, person, app, { auth_method: 'private_key_jwt', jwks: keys.jwks, fapi_2: true });
  const config = await oidc.discovery(
    new URL(server.url),
    app.clientId,
    { id_token_signed_response_alg: 'ES256' },
    oidc.PrivateKeyJwt({ key: keys.privateKey, kid: keys.kid }),
    http,
  );
  return { app, keys, config };
}

/** A pushed request the person allows: its code and verifier. */
async function codeFor(config: oidc.Configuration, DPoP?: oidc.DPoPHandle) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = await oidc.buildAuthorizationUrlWithPAR(
    config,
    {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    },
    DPoP ? { DPoP } : undefined,
  );
  const { callback } = await visit(server, CookieJar.of(person), person, url);
  return { callback, verifier, code: callback.searchParams.get('code') ?? '' };
}

type Keys = Awaited<ReturnType<typeof clientKeys>>;
async function redeem(app: TestClient, keys: Keys, code: string, verifier: string, dpop: string) {
  return server.fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', dpop },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: app.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await clientAssertion(app, keys, server.url),
    }),
  });
}

describe('a DPoP proof dated ahead', () => {
  it('more than 60 s: refused at the token endpoint; within it, taken', async () => {
    const { app, keys, config } = await fapiApp();
    const first = await codeFor(config);
    const ahead = await dpopProof(await dpopKey(), 'POST', tokenUrl(), { iat: now() + 240 });
    const refused = await redeem(app, keys, first.code, first.verifier, ahead);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    const second = await codeFor(config);
    const near = await dpopProof(await dpopKey(), 'POST', tokenUrl(), { iat: now() + 50 });
    const taken = await redeem(app, keys, second.code, second.verifier, near);
    expect(taken.status, await taken.clone().text()).toBe(200);
  });

  it('a year ahead with the server’s nonce in it: refused', async () => {
    const { app, keys, config } = await fapiApp();
    const first = await codeFor(config);
    const probe = await redeem(
      app,
      keys,
      first.code,
      first.verifier,
      await dpopProof(await dpopKey(), 'POST', tokenUrl()),
    );
    expect(probe.status).toBe(200);
    const nonce = probe.headers.get('dpop-nonce') ?? '';
    expect(nonce).not.toBe('');
    const { code, verifier } = await codeFor(config);
    const yearAhead = await dpopProof(await dpopKey(), 'POST', tokenUrl(), {
      nonce,
      iat: now() + 365 * 86400,
    });
    const res = await redeem(app, keys, code, verifier, yearAhead);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_dpop_proof' });
  });

  it('at userinfo: 401 with the DPoP challenge', async () => {
    const { config } = await fapiApp();
    const key = await dpopKey();
    const DPoP = oidc.getDPoPHandle(config, key);
    const { callback, verifier } = await codeFor(config, DPoP);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: verifier },
      undefined,
      {
        DPoP,
      },
    );
    const call = async (iat: number) =>
      server.fetch('/oauth2/userinfo', {
        headers: {
          authorization: `DPoP ${tokens.access_token}`,
          dpop: await dpopProof(key, 'GET', `${server.url}/oauth2/userinfo`, {
            accessToken: tokens.access_token,
            iat,
          }),
        },
      });
    const refused = await call(now() + 240);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_dpop_proof"/);
    expect((await call(now())).status).toBe(200);
  });
});
