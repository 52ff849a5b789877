import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredModels } from '../../src/modules/oauth/store';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pkce,
  REDIRECT_URI,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from './flow';

// The authorization flow's boundaries: what must never reach a client, what binds codes and
// tokens to theirs, and housekeeping (the flow itself is in flow.test.ts).
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

describe('requests that must not reach the client', () => {
  it('an unknown client and an unregistered redirect_uri show our error page', async () => {
    const { challenge } = pkce();
    const unknown = await server.fetch(authorizeUrl({ ...client, clientId: 'nope' }, { challenge }), {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(303);
    const location = new URL(unknown.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/oauth2/consent/error');
    // The page shows the text of a known code only; nothing else travels in its URL.
    expect([...location.searchParams]).toEqual([['error', 'invalid_client']]);

    const badRedirect = await server.fetch(
      authorizeUrl(client, { challenge, redirectUri: 'https://evil.example/cb' }),
      {
        redirect: 'manual',
      },
    );
    expect(new URL(badRedirect.headers.get('location') ?? '', server.url).pathname).toBe(
      '/oauth2/consent/error',
    );
  });

  it('missing PKCE and a response_type other than code go back to the client with an error', async () => {
    const noPkce = await server.fetch(authorizeUrl(client), { redirect: 'manual' });
    const back = new URL(noPkce.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('state-123');

    const { challenge } = pkce();
    const token = await server.fetch(authorizeUrl(client, { challenge, responseType: 'token' }), {
      redirect: 'manual',
    });
    const tokenBack = new URL(token.headers.get('location') ?? '');
    expect(tokenBack.origin + tokenBack.pathname).toBe(REDIRECT_URI);
    // An implicit-style request answers in the fragment, as RFC 6749 §4.2.2.1 says.
    const error =
      new URLSearchParams(tokenBack.hash.slice(1)).get('error') ?? tokenBack.searchParams.get('error');
    expect(error).toBe('unsupported_response_type');

    // RFC 6749 §3.1: a parameter sent twice is refused, never merged into one.
    const twice = await server.fetch(`${authorizeUrl(client, { challenge })}&scope=email`, {
      redirect: 'manual',
    });
    const twiceBack = new URL(twice.headers.get('location') ?? '');
    expect(twiceBack.origin + twiceBack.pathname).toBe(REDIRECT_URI);
    expect(twiceBack.searchParams.get('error')).toBe('invalid_request');
    expect(twiceBack.searchParams.get('error_description')).toContain('scope');
  });

  it('a pending client is for its owner only; a rejected one for nobody', async () => {
    const pending = await insertClient(server, owner, { status: 'pending' });
    const { challenge } = pkce();
    // Anyone but its developer is stopped on our page before anything can redirect to its URIs.
    for (const jar of [new CookieJar(), CookieJar.of(user)]) {
      const res = await jar.fetch(server, authorizeUrl(pending, { challenge }));
      const location = new URL(res.headers.get('location') ?? '', server.url);
      expect(`${location.pathname}${location.search}`).toBe('/oauth2/consent/error?error=pending_client');
    }
    const asOwner = CookieJar.of(owner);
    const uid = await startAuthorization(server, asOwner, authorizeUrl(pending, { challenge }));
    const details = await asOwner.fetch(server, `/oauth2/consent/${uid}/details`, {
      headers: owner.authHeader,
    });
    expect(details.status).toBe(200);

    const rejected = await insertClient(server, owner, { status: 'rejected' });
    const res = await server.fetch(authorizeUrl(rejected, { challenge }), { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '', server.url).pathname).toBe('/oauth2/consent/error');
  });
});

describe('client credentials and codes are bound to their client', () => {
  it('a code cannot be redeemed by another client; a rotated secret is refused at once', async () => {
    const other = await insertClient(server, owner, { name: 'Other App' });
    const jar = new CookieJar();
    const { back, verifier } = await codeFor(jar, user);
    const stolen = await tokenRequest(server, other, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: string }).error).toBe('invalid_grant');

    // Rotate through the Developer API as the owner: the old secret stops working.
    const [row] = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', client.clientId)
      .execute();
    const rotate = await server.fetch(`/api/developer/clients/${row?.id}/rotate-secret`, {
      method: 'POST',
      headers: owner.authHeader,
    });
    expect(rotate.status).toBe(200);
    const { client_secret } = (await rotate.json()) as { client_secret: string };
    const fresh = await codeFor(new CookieJar(), user);
    const body = {
      grant_type: 'authorization_code',
      code: fresh.back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: fresh.verifier,
    };
    const old = await tokenRequest(server, client, body);
    expect(old.status).toBe(401);
    const ok = await tokenRequest(server, client, body, client_secret);
    expect(ok.status).toBe(200);
    client = { ...client, clientSecret: client_secret };
  });

  it('introspection tells the owning client whether a token is active', async () => {
    const { back, verifier } = await codeFor(new CookieJar(), user);
    const tokens = (await (
      await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as Record<string, string>;
    const introspect = (token: string) =>
      server.fetch('/oauth2/introspect', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, token }),
      });
    const active = (await (await introspect(tokens.access_token ?? '')).json()) as Record<string, unknown>;
    expect(active).toMatchObject({ active: true, client_id: client.clientId, sub: user.id });
    const unknown = (await (await introspect('not-a-token')).json()) as Record<string, unknown>;
    expect(unknown).toEqual({ active: false });
  });

  it('stores codes and tokens only under a hash', async () => {
    const { back } = await codeFor(new CookieJar(), user);
    const code = back.searchParams.get('code') ?? '';
    const rows = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select(['id', 'payload'])
      .where('model', '=', 'AuthorizationCode')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.id).not.toBe(code);
      expect(JSON.stringify(r.payload)).not.toContain(code);
    }
  });
});

describe('housekeeping', () => {
  it('purges expired engine rows and keeps live ones', async () => {
    const db = server.deps.dbHandle.db;
    const row = (id: string, expires: Date) => ({
      model: 'Interaction',
      id,
      payload: JSON.stringify({}),
      grant_id: null,
      uid: null,
      account_id: null,
      client_id: null,
      expires_at: expires,
    });
    await db
      .insertInto('oidc_models')
      .values([row('old-one', new Date(Date.now() - 1000)), row('live-one', new Date(Date.now() + 60_000))])
      .execute();
    expect(await purgeExpiredModels(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('oidc_models')
      .select('id')
      .where('id', 'in', ['old-one', 'live-one'])
      .execute();
    expect(left.map((r) => r.id)).toEqual(['live-one']);
  });
});
