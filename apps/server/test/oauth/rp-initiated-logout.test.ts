import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import { BROWSER_SESSION_COOKIE, cookieOf, createUser, postJson, type TestUser } from '../support/users';
import {
  authorizeUrl,
  CookieJar,
  decide,
  pkce,
  redeemCode,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from './flow';
import { type LogoutWorld, startLogoutWorld } from './logout-world';

/*
 * OpenID Connect RP-Initiated Logout 1.0 with Back-Channel Logout 1.0: an app sends the person to
 * Omnia's logout endpoint (GET or POST); whether they sign out of Omnia or stay signed in, the
 * app is told, and its codes and tokens of that sign-in end, and only those.
 */
let world: LogoutWorld;
let server: TestServer;
let client: TestClient;
let receiver: LogoutWorld['receiver'];
beforeAll(async () => {
  world = await startLogoutWorld();
  ({ server, client, receiver } = world);
});
afterAll(() => world?.close());

const signIn = (person: TestUser) => world.signIn(person);
const signInInBrowser = () => world.signInInBrowser();
const newestSettled = () => world.newestSettled();

describe('RP-initiated logout', () => {
  it("RP-initiated logout: the engine tells the app, and that sign-in's refresh token ends", async () => {
    const { person, jar, tokens, sid } = await signInInBrowser();
    const had = receiver.received.length;
    const ask = await jar.fetch(
      server,
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: tokens.id_token })}`,
    );
    const xsrf = new URL(ask.headers.get('location') ?? '', server.url).searchParams.get('xsrf') ?? '';
    const confirm = await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(200);
    const got = await receiver.waitFor(had + 1);
    expect(got.at(-1)).toMatchObject({ sub: person.id, sid });
    expect(await newestSettled()).toMatchObject({
      reason: 'rp_logout',
      state: 'delivered',
      with_sid: true,
    });
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(400);
  });

  it("'Stay signed in' at an app's logout, asked by POST: the app is told, and its tokens of that sign-in end", async () => {
    const { person, jar, tokens, sid } = await signInInBrowser();
    const had = receiver.received.length;
    // RP-Initiated Logout 1.0 §2: POST as well as GET; it goes on as GET, with the browser's cookies.
    const posted = await jar.fetch(server, '/oauth2/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token_hint: tokens.id_token, state: 'st' }),
    });
    expect(posted.status).toBe(303);
    const onward = new URL(posted.headers.get('location') ?? '', server.url);
    expect(onward.pathname).toBe('/oauth2/logout');
    expect(onward.searchParams.get('id_token_hint')).toBe(tokens.id_token);
    const ask = await jar.fetch(server, `${onward.pathname}${onward.search}`);
    const xsrf = new URL(ask.headers.get('location') ?? '', server.url).searchParams.get('xsrf') ?? '';
    expect(xsrf).not.toBe('');
    // No `logout`: the person stays signed in to Omnia, and signs out of this app alone.
    const confirm = await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ xsrf }),
    });
    expect(confirm.status).toBe(200);
    const got = await receiver.waitFor(had + 1);
    expect(got.at(-1)).toMatchObject({ sub: person.id, sid });
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(400);
    const omnia = await server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(omnia.status).toBe(200);
  });

  it('an RP-initiated logout ends that sign-in only: the same app on another device keeps working', async () => {
    const person = await createUser(server);
    // Another device: its own Omnia sign-in.
    const login = await postJson(server, '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const elsewhere = await signIn({
      ...person,
      authHeader: { Authorization: `Bearer ${access_token}` },
      browserCookie: cookieOf(login, BROWSER_SESSION_COOKIE) ?? '',
    });
    const jar = CookieJar.of(person);
    const { challenge, verifier } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
    const back = await decide(server, jar, uid, person, true);
    const here = (await (await redeemCode(server, client, back, verifier)).json()) as { id_token: string };
    const ask = await jar.fetch(
      server,
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: here.id_token })}`,
    );
    const xsrf = new URL(ask.headers.get('location') ?? '', server.url).searchParams.get('xsrf') ?? '';
    await jar.fetch(server, '/oauth2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: elsewhere.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });
});
