import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, type Interop, startInterop, visit } from './support';

/**
 * The part of Auth.js used here, typed by hand: @auth/core's own types import preact's JSX types,
 * which bring the DOM library into the server's whole TypeScript program (Blob and BufferSource
 * then change for every file). So the module is loaded by a computed name, which tsc does not follow.
 */
interface AuthJsConfig {
  secret: string;
  trustHost: boolean;
  basePath: string;
  providers: {
    id: string;
    name: string;
    type: 'oidc';
    issuer: string;
    clientId: string;
    clientSecret: string;
    checks: ('pkce' | 'state' | 'nonce')[];
  }[];
}
interface Session {
  user?: { name?: string | null; email?: string | null };
}
const AUTH_CORE = '@auth/core';
const { Auth } = (await import(AUTH_CORE)) as {
  Auth: (request: Request, config: AuthJsConfig) => Promise<Response>;
};

/**
 * Auth.js (@auth/core) with a generic OpenID Connect provider pointing at our issuer. Its own
 * requests are driven as Request objects on the application's origin; the browser between the
 * application and Omnia is a CookieJar for each side.
 */
const APP = 'https://app.example.test';
const CALLBACK = `${APP}/auth/callback/omnia`;
let env: Interop & { identity: { fullName: string; username: string } };
let config: AuthJsConfig;

beforeAll(async () => {
  env = await startInterop({ redirectUris: [CALLBACK] });
  config = {
    secret: randomBytes(32).toString('hex'),
    trustHost: true,
    basePath: '/auth',
    providers: [
      {
        id: 'omnia',
        name: 'Omnia',
        type: 'oidc',
        issuer: env.server.url,
        clientId: env.client.clientId,
        clientSecret: env.client.clientSecret,
        checks: ['pkce', 'state', 'nonce'],
      },
    ],
  };
});
afterAll(() => env?.server.close());

/** The application's side of the browser: its cookies, sent to Auth.js with each request. */
async function toApp(app: CookieJar, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = app.header(new URL(url).pathname);
  if (cookie) headers.set('cookie', cookie);
  const res = await Auth(new Request(url, { ...init, headers }), config);
  app.store(res);
  return res;
}

describe('Auth.js (@auth/core)', () => {
  it('signs the person in: the session user has the name and e-mail from our id_token', async () => {
    const { server, person, identity } = env;
    const app = new CookieJar();
    const { csrfToken } = (await (await toApp(app, `${APP}/auth/csrf`)).json()) as { csrfToken: string };
    const signin = await toApp(app, `${APP}/auth/signin/omnia`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${APP}/dashboard` }),
    });
    const authorize = new URL(signin.headers.get('location') ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${server.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const { callback } = await visit(server, CookieJar.of(person), person, authorize);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const done = await toApp(app, callback.toString());
    expect(done.status, await done.clone().text()).toBe(302);
    expect(done.headers.get('location')).toBe(`${APP}/dashboard`);

    const session = (await (await toApp(app, `${APP}/auth/session`)).json()) as Session;
    expect(session.user).toMatchObject({ name: identity.fullName, email: person.email });
  });
});
