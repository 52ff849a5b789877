import type { Server } from 'node:http';
import express from 'express';
import session from 'express-session';
import passport from 'passport';
import { Strategy as OpenIDConnectStrategy } from 'passport-openidconnect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClientSettings } from '../conformance/rp';
import { REDIRECT_URI } from '../oauth/flow';
import { CookieJar, type Interop, startInterop, visit } from './support';

/**
 * passport-openidconnect 0.1 (Express): it sends no PKCE, so it works only with a client whose
 * developer turned 'Require PKCE' off. It asks with a nonce, redeems the code with
 * client_secret_post, checks the id_token's iss, aud, azp, exp and nonce, and reads userinfo.
 */
let env: Interop & { identity: { fullName: string; username: string } };
let rp: Server;
let rpUrl: string;

interface SignedIn {
  id: string;
  name?: string;
  username?: string;
  email?: string;
}

beforeAll(async () => {
  env = await startInterop();
  const { server, client } = env;
  const auth = new passport.Passport();
  auth.use(
    'omnia',
    new OpenIDConnectStrategy(
      {
        issuer: server.url,
        authorizationURL: `${server.url}/oauth2/authorize`,
        tokenURL: `${server.url}/oauth2/token`,
        userInfoURL: `${server.url}/oauth2/userinfo`,
        clientID: client.clientId,
        clientSecret: client.clientSecret,
        callbackURL: REDIRECT_URI,
        scope: ['profile', 'email'],
        nonce: 'true',
      },
      (_issuer: string, profile: passport.Profile, done: (err: null, user: SignedIn) => void) =>
        done(null, {
          id: profile.id,
          name: profile.displayName,
          username: profile.username,
          email: profile.emails?.[0]?.value,
        }),
    ),
  );
  const app = express();
  app.use(session({ secret: 'interop tests', resave: false, saveUninitialized: false }));
  app.get('/login', auth.authenticate('omnia', { session: false }));
  // The callback's path is REDIRECT_URI's; the browser brings the query Omnia sent it.
  app.get('/callback', (req, res, next) =>
    auth.authenticate('omnia', { session: false }, (err: unknown, user: SignedIn | false, info: unknown) => {
      if (err) res.status(500).json({ error: String(err) });
      else if (!user) res.status(401).json({ info });
      else res.json(user);
    })(req, res, next),
  );
  rp = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = rp.address();
  rpUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => rp?.close(resolve));
  await env?.server.close();
});

/** The browser at the application (its session cookie kept), never following redirects itself. */
async function toApp(app: CookieJar, path: string) {
  const headers = new Headers();
  const cookie = app.header(path.split('?')[0] ?? '/');
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(`${rpUrl}${path}`, { headers, redirect: 'manual' });
  app.store(res);
  return res;
}

describe('passport-openidconnect', () => {
  it("signs the person in with a nonce, for a client with 'Require PKCE' off", async () => {
    const { server, person, client, identity } = env;
    await setClientSettings(server, client, { require_pkce: false });
    const app = new CookieJar();
    const login = await toApp(app, '/login');
    const authorize = new URL(login.headers.get('location') ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${server.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge')).toBeNull();

    const { callback } = await visit(server, CookieJar.of(person), person, authorize);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    const done = await toApp(app, `/callback${callback.search}`);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({
      id: person.id,
      name: identity.fullName,
      username: identity.username,
      email: person.email,
    });
  });
});
