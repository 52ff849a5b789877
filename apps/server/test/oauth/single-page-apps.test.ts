import { MESSAGES } from '@omnia/contracts';
import type { OAuthClient } from '@omnia/contracts/developer';
import { DEVELOPER_API } from '@omnia/contracts/developer';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PKCE_REQUIRED_DESCRIPTIONS } from '../../src/modules/oauth/authorization-errors';
import { SPA_REFRESH_TOKEN_TTL } from '../../src/modules/oauth/engine-constants';
import { register, send, serverWithApp, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { pastRetryWindow } from './flow';

/*
 * A single-page app: a public client that signs people in from the browser with
 * oauth4webapi, as oidc-client-ts does: no secret, PKCE always, the token, userinfo and revocation
 * endpoints readable from its own web origins only.
 */
const APP_ORIGIN = 'https://notes.spa.example';
const REDIRECT = `${APP_ORIGIN}/callback`;
const http = { [oauth.allowInsecureRequests]: true } as const;
/** What a browser adds to the app's fetch calls. */
const fromApp = { headers: { Origin: APP_ORIGIN }, ...http };

let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let clientId: string;
let appId: string;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'spa',
    name: 'Notes SPA',
    redirect_uris: [REDIRECT, 'http://localhost:5173/cb'],
  }));
  clientId = app.client_id;
  appId = app.id;
});
afterAll(() => server?.close());

async function signInFromApp(user: TestUser) {
  const issuer = new URL(server.url);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
  const rp: oauth.Client = { client_id: clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  }).toString();
  const { callback } = await visit(server, CookieJar.of(user), user, url);
  const params = oauth.validateAuthResponse(as, rp, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    rp,
    oauth.None(),
    params,
    REDIRECT,
    verifier,
    fromApp,
  );
  return { as, rp, response };
}

const refreshRow = (token: string) =>
  server.deps.dbHandle.db
    .selectFrom('oidc_models')
    .select(['expires_at', 'consumed_at'])
    .where('model', '=', 'RefreshToken')
    .where('client_id', '=', clientId)
    .where('account_id', '=', owner.id)
    .orderBy('expires_at', 'desc')
    .execute()
    .then((rows) => ({ rows, token }));

describe('a single-page app', () => {
  it('has no secret: none stored, none to show or rotate, and PKCE cannot be turned off', async () => {
    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select(['client_secret', 'app_type', 'require_pkce'])
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_secret: null, app_type: 'spa', require_pkce: true });
    expect((await send(server, owner, 'GET', DEVELOPER_API.secret(appId))).status).toBe(404);
    expect((await send(server, owner, 'POST', DEVELOPER_API.rotate(appId))).status).toBe(404);

    const noPkce = await send(server, owner, 'PATCH', DEVELOPER_API.settings(appId), { require_pkce: false });
    expect(noPkce.status).toBe(400);
    expect(await noPkce.json()).toMatchObject({
      error: { fields: { require_pkce: MESSAGES.pkceRequiredPublic } },
    });
    const registered = await send(
      server,
      owner,
      'POST',
      DEVELOPER_API.clients,
      validClient({ app_type: 'spa', require_pkce: false }),
    );
    expect(registered.status).toBe(400);
  });

  it('signs in with oauth4webapi from its origin: code, userinfo, a rotating refresh, revocation', async () => {
    const { as, rp, response } = await signInFromApp(owner);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, response);
    expect(tokens.refresh_token).toBeTruthy();

    const info = await oauth.userInfoRequest(as, rp, tokens.access_token, fromApp);
    expect(info.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await oauth.processUserInfoResponse(as, rp, owner.id, info)).toMatchObject({ sub: owner.id });

    // The sign-in lasts SPA_REFRESH_TOKEN_TTL from the first refresh token, whatever the rotations.
    const first = await refreshRow(tokens.refresh_token ?? '');
    const firstExpiry = new Date(first.rows[0]?.expires_at ?? 0).getTime();
    expect(Math.abs(firstExpiry - Date.now() - SPA_REFRESH_TOKEN_TTL * 1000)).toBeLessThan(60_000);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      rp,
      await oauth.refreshTokenGrantRequest(as, rp, oauth.None(), tokens.refresh_token ?? '', fromApp),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const rotated = await refreshRow(refreshed.refresh_token ?? '');
    const live = rotated.rows.filter((r) => r.consumed_at === null);
    expect(live).toHaveLength(1);
    expect(Math.abs(new Date(live[0]?.expires_at ?? 0).getTime() - firstExpiry)).toBeLessThan(2_000);

    // The used refresh token again, after the retry window: the whole sign-in ends (reuse detection).
    await pastRetryWindow(server, tokens.refresh_token ?? '');
    const reused = await oauth.refreshTokenGrantRequest(
      as,
      rp,
      oauth.None(),
      tokens.refresh_token ?? '',
      fromApp,
    );
    expect(reused.status).toBe(400);
    const revoke = await oauth.revocationRequest(as, rp, oauth.None(), refreshed.access_token, fromApp);
    expect(revoke.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    // Empty, so with no content type (oidc-client-ts refuses any but JSON).
    expect(revoke.headers.get('content-type')).toBeNull();
    await oauth.processRevocationResponse(revoke);
  });

  it('is refused from another origin, with no header that lets that page read the answer', async () => {
    const res = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers a preflight for its own origin only, and never with *', async () => {
    const preflight = (origin: string, path = '/oauth2/token') =>
      server.fetch(path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'dpop',
        },
      });
    const own = await preflight(APP_ORIGIN);
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const dev = await preflight('http://localhost:5173', '/oauth2/userinfo');
    expect(dev.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    for (const origin of ['https://evil.example', 'null', 'https://notes.spa.example.evil.example']) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    }
    // Not a browser's request: no CORS header at all (the engine would say *).
    const plain = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }),
    });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('cannot authenticate with a secret, nor sign in without PKCE', async () => {
    const withBasic = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:guessed`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(withBasic.status).toBe(401);
    expect(await withBasic.json()).toMatchObject({ error: 'invalid_client' });
    const withPost = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: clientId,
        client_secret: 'guessed',
      }),
    });
    expect(withPost.status).toBe(401);

    const noPkce = await CookieJar.of(owner).fetch(
      server,
      `/oauth2/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 's',
        nonce: 'n',
      })}`,
    );
    const back = new URL(noPkce.headers.get('location') ?? '', server.url);
    expect(back.origin).toBe(APP_ORIGIN);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe(PKCE_REQUIRED_DESCRIPTIONS.public);
  });

  it('leaves web applications as they were: their token endpoint is no page’s to read', async () => {
    const web = await register(server, owner, validClient({ redirect_uris: [`${APP_ORIGIN}/web`] }));
    expect(web.app_type).toBe('web');
    const res = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: web.client_id,
      }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
