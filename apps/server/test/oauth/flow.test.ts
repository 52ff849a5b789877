import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeUrl,
  CookieJar,
  decide,
  decisionBody,
  followToClient,
  insertClient,
  pastRetryWindow,
  pkce,
  REDIRECT_URI,
  startAuthorization,
  type TestClient,
  tokenRequest,
  userinfo,
} from './flow';

let server: TestServer;
let owner: TestUser;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  user = await createUser(server);
  client = await insertClient(server, owner);
}, 60_000);
afterAll(() => server?.close());

async function codeFor(jar: CookieJar, who: TestUser, scope = 'profile email') {
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge, scope }));
  const back = await decide(server, jar, uid, who, true);
  return { back, verifier };
}

describe('authorization code flow with PKCE', () => {
  it('discovery names our endpoints under the issuer', async () => {
    const res = await server.fetch('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(server.config.publicUrl);
    expect(meta.authorization_endpoint).toBe(`${server.config.publicUrl}/oauth2/authorize`);
    expect(meta.token_endpoint).toBe(`${server.config.publicUrl}/oauth2/token`);
    expect(meta.userinfo_endpoint).toBe(`${server.config.publicUrl}/oauth2/userinfo`);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('consent details show the client and scopes; Allow returns a code with state and iss', async () => {
    const jar = new CookieJar();
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
    const anonymous = await jar.fetch(server, `/oauth2/consent/${uid}/details`);
    expect(anonymous.status).toBe(200);
    const details = (await anonymous.json()) as {
      client: { name: string };
      scopes: string[];
      prompt: string;
    };
    expect(details.client.name).toBe('Test App');
    expect(details.scopes).toEqual(['openid', 'profile', 'email']);
    expect(details.prompt).toBe('login');

    const noToken = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approved: true }),
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({
      error: 'login_required',
      error_description: 'You must be logged in to proceed',
      error_description_key: 'messages:mustBeLoggedInToProceed',
    });

    const back = await decide(server, jar, uid, user, true);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(server.config.publicUrl);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('exchanges the code once; userinfo, refresh rotation and revoke behave per RFC', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const code = back.searchParams.get('code') ?? '';
    const exchange = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('cache-control')).toContain('no-store');
    const tokens = (await exchange.json()) as Record<string, string>;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();

    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    const claims = (await info.json()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: user.id, email: user.email, email_verified: true });

    // A code works once; its replay fails and revokes what it issued.
    const replay = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const afterReplay = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(afterReplay.status).toBe(401);
  });

  it('refresh rotates; a retry gets the same successor; later the old token revokes the grant', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const first = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as Record<string, string>;
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Presented again at once (a lost response, a second tab): the same successor, nothing revoked.
    const retry = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(retry.status).toBe(200);
    const retried = (await retry.json()) as Record<string, string>;
    expect(retried.refresh_token).toBe(second.refresh_token);
    expect(retried.access_token).not.toBe(second.access_token);
    expect((await userinfo(server, second.access_token ?? '')).status).toBe(200);
    expect((await userinfo(server, retried.access_token ?? '')).status).toBe(200);
    // After the window the old token is a reuse: the grant ends, the successor with it.
    await pastRetryWindow(server, first.refresh_token ?? '');
    const reuse = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(reuse.status).toBe(400);
    expect((await userinfo(server, retried.access_token ?? '')).status).toBe(401);
    const afterReuse = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token ?? '',
    });
    expect(afterReuse.status).toBe(400);
  });

  it('revocation ends the access token; a wrong secret is refused', async () => {
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const wrong = await tokenRequest(
      server,
      client,
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      },
      'not-the-secret',
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client');

    const again = await codeFor(new CookieJar(), user);
    const tokens = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: again.back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: again.verifier,
      })
    ).json()) as Record<string, string>;
    const revoke = await server.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        token: tokens.access_token ?? '',
      }),
    });
    expect(revoke.status).toBe(200);
    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(401);
  });

  it('remembers consent: a second authorization asking nothing new skips the screen', async () => {
    const jar = new CookieJar();
    await codeFor(jar, user);
    // Same browser (engine session): straight back to the client.
    const { challenge } = pkce();
    const direct = await followToClient(server, jar, authorizeUrl(client, { challenge, state: 's2' }));
    expect(direct.searchParams.get('code')).toBeTruthy();
    expect(direct.searchParams.get('state')).toBe('s2');
    // A new browser where the user is signed in: the screen answers with redirect_to instead of asking again.
    const fresh = CookieJar.of(user);
    const uid = await startAuthorization(server, fresh, authorizeUrl(client, { challenge }));
    const res = await fresh.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
    const details = (await res.json()) as { redirect_to?: string };
    expect(details.redirect_to).toBeTruthy();
    const back = await followToClient(server, fresh, details.redirect_to ?? '');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('Deny returns access_denied with the state', async () => {
    const jar = new CookieJar();
    const other = await createUser(server);
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge, state: 'deny-me' }));
    const back = await decide(server, jar, uid, other, false);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-me');
  });
});

describe('a decision sent twice (a double click on Allow)', () => {
  it('both answers lead on to the application; the consent is saved and told once', async () => {
    const person = await createUser(server);
    const jar = CookieJar.of(person);
    const uid = await startAuthorization(server, jar, authorizeUrl(client, pkce()));
    const body = await decisionBody(server, jar, uid, person, true);
    const send = () =>
      jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...person.authHeader },
        body,
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [
      ((await first.json()) as { redirect_to: string }).redirect_to,
      ((await second.json()) as { redirect_to: string }).redirect_to,
    ];
    expect(b).toBe(a);
    const back = await followToClient(server, jar, a);
    expect(back.searchParams.get('code')).toBeTruthy();
    const events = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', person.id)
      .where('kind', '=', 'app_authorized')
      .execute();
    expect(events).toHaveLength(1);
  });
});
