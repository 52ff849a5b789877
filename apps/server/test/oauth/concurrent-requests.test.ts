import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  basicAuth,
  type CookieJar,
  insertClient,
  introspect,
  issueTokens,
  pkce,
  REDIRECT_URI,
  redeemCode,
  type TestClient,
  tokenRequest,
  userinfo,
} from './flow';

// Under load, the engine's reads (tokens; authorization requests' sessions) of concurrent requests
// share statements (db/read-batch.ts). Whatever goes together, each request must get its own
// token's person, app and grant, and a token revoked or a browser signed out before a burst must
// be refused in it. On a PostgreSQL server the first burst goes out as about 20 statements for its
// 116 reads; on PGlite each statement finishes before the next is asked, so there they check the
// plain path.

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

interface Issued {
  user: TestUser;
  client: TestClient;
  access: string;
}

async function issue(client: TestClient, user: TestUser): Promise<Issued> {
  return { user, client, access: (await issueTokens(server, client, user)).access_token };
}

/** `n` people, each with a browser that has authorized `client` once (signed in, consented). */
async function signedInBrowsers(
  client: TestClient,
  n: number,
): Promise<{ user: TestUser; jar: CookieJar }[]> {
  const browsers = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(server);
    browsers.push({ user, jar: (await authorizeAs(server, client, user)).jar });
  }
  return browsers;
}

describe('token reads of concurrent requests', () => {
  it("each of 96 requests at once gets its own token's person and app; a revoked token is refused in the burst", async () => {
    const apps = [
      await insertClient(server, owner),
      await insertClient(server, owner, { name: 'Second App' }),
    ];
    const issued: Issued[] = [];
    for (let i = 0; i < 6; i++) {
      const client = apps[i % 2] as TestClient;
      issued.push(await issue(client, await createUser(server)));
    }
    const revoked = issued[5] as Issued;
    const revoke = await server.fetch('/oauth2/revoke', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth(revoked.client),
      },
      body: new URLSearchParams({ token: revoked.access }).toString(),
    });
    expect(revoke.status).toBe(200);

    // Each token 8 times at userinfo and 8 times at introspection, interleaved, all at once.
    const burst = Array.from({ length: 8 }, () => issued)
      .flat()
      .flatMap((t) => [
        userinfo(server, t.access).then(async (res) => ({
          t,
          kind: 'userinfo',
          status: res.status,
          body: await res.text(),
        })),
        introspect(server, t.client, t.access).then(async (res) => ({
          t,
          kind: 'introspect',
          status: res.status,
          body: await res.text(),
        })),
      ]);
    const answers = await Promise.all(burst);
    expect(answers).toHaveLength(96);
    for (const { t, kind, status, body } of answers) {
      const live = t !== revoked;
      if (kind === 'userinfo') {
        expect(status).toBe(live ? 200 : 401);
        if (live) expect(JSON.parse(body)).toMatchObject({ sub: t.user.id, email: t.user.email });
      } else {
        expect(status).toBe(200);
        const parsed = JSON.parse(body) as { active: boolean; sub?: string; client_id?: string };
        expect(parsed.active).toBe(live);
        if (live) expect(parsed).toMatchObject({ sub: t.user.id, client_id: t.client.clientId });
      }
    }
  });

  it('an app asking about another app’s token in the same burst learns nothing', async () => {
    const mine = await insertClient(server, owner);
    const theirs = await insertClient(server, owner, { name: 'Their App' });
    const token = await issue(theirs, await createUser(server));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => introspect(server, i % 2 ? mine : theirs, token.access)),
    );
    for (const [i, res] of answers.entries()) {
      const body = (await res.json()) as { active: boolean };
      expect(body.active, `answer ${i}`).toBe(i % 2 === 0);
    }
  });

  it("six people's browsers authorizing at once each get a code for their own account, redeemed and rotated at once; a browser signed out before the burst gets none", async () => {
    const client = await insertClient(server, owner);
    const browsers = await signedInBrowsers(client, 6);
    const gone = browsers[5] as { user: TestUser; jar: CookieJar };
    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: gone.user.refreshCookie },
    });
    expect(logout.status).toBe(204);

    const burst = Array.from({ length: 4 }, () => browsers)
      .flat()
      .map(async (b) => {
        const { verifier, challenge } = pkce();
        const res = await b.jar.fetch(server, authorizeUrl(client, { challenge }));
        return { b, verifier, location: new URL(res.headers.get('location') ?? '', server.url) };
      });
    const answers = await Promise.all(burst);
    const gotCode = answers.filter((a) => a.b !== gone);
    for (const { b, location } of answers) {
      if (b === gone) expect(location.searchParams.get('code')).toBeNull();
      else expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    }

    // Every code redeemed at once (their tokens are written together), then every refresh token
    // rotated at once: each set of tokens still names its own person.
    const redeemed = await Promise.all(
      gotCode.map(async ({ b, verifier, location }) => {
        const res = await tokenRequest(server, client, {
          grant_type: 'authorization_code',
          code: location.searchParams.get('code') ?? '',
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        });
        expect(res.status).toBe(200);
        return { b, tokens: (await res.json()) as { access_token: string; refresh_token: string } };
      }),
    );
    const rotated = await Promise.all(
      redeemed.map(async ({ b, tokens }) => {
        const res = await tokenRequest(server, client, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
        });
        expect(res.status).toBe(200);
        return { b, first: tokens, next: (await res.json()) as { access_token: string } };
      }),
    );
    for (const { b, first, next } of rotated) {
      for (const token of [first.access_token, next.access_token]) {
        expect(await (await userinfo(server, token)).json()).toMatchObject({ sub: b.user.id });
      }
    }
  });

  it("a client_id the database cannot hold (a NUL byte) fails nobody else's authorization in the same burst", async () => {
    const client = await insertClient(server, owner);
    const people = await signedInBrowsers(client, 4);
    const attacker = people[0] as { user: TestUser; jar: CookieJar };
    const absurd = { ...client, clientId: `${client.clientId}\u0000x` };
    const burst = Array.from({ length: 6 }, () => people).flatMap((all) => [
      ...all.map(async ({ jar }) => {
        const res = await jar.fetch(server, authorizeUrl(client, { challenge: pkce().challenge }));
        return { kind: 'good', status: res.status, location: res.headers.get('location') ?? '' };
      }),
      attacker.jar.fetch(server, authorizeUrl(absurd, { challenge: pkce().challenge })).then((res) => ({
        kind: 'absurd',
        status: res.status,
        location: res.headers.get('location') ?? '',
      })),
    ]);
    for (const { kind, status, location } of await Promise.all(burst)) {
      expect(status, `${kind}: ${location}`).toBe(303);
      if (kind === 'good')
        expect(new URL(location, server.url).searchParams.get('code'), location).toBeTruthy();
      else expect(new URL(location, server.url).pathname).toBe('/oauth2/consent/error');
    }
  });

  // The engine refuses a NUL byte in a parameter before anything is written (our error page), so
  // this cannot reach the database.
  it('a NUL byte in a nonce gets our error page, not a 5xx, and the tokens issued in the same burst are unaffected', async () => {
    const client = await insertClient(server, owner);
    const unconsented = await insertClient(server, owner, { name: 'Not Yet Allowed' });
    const pending: { user: TestUser; back: URL; verifier: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await createUser(server);
      const { back, verifier } = await authorizeAs(server, client, user);
      pending.push({ user, back, verifier });
    }
    const attacker = (await authorizeAs(server, client, await createUser(server))).jar;
    const poisoned = `${authorizeUrl(unconsented, { challenge: pkce().challenge })}&nonce=${encodeURIComponent('a\u0000b')}`;
    const burst = [
      ...pending.map(async ({ user, back, verifier }) => {
        const res = await redeemCode(server, client, back, verifier);
        return { kind: 'exchange', user, status: res.status, body: await res.text() };
      }),
      ...Array.from({ length: 6 }, async () => {
        const res = await attacker.fetch(server, poisoned);
        return {
          kind: 'poisoned',
          user: undefined,
          status: res.status,
          body: res.headers.get('location') ?? '',
        };
      }),
    ];
    for (const { kind, user, status, body } of await Promise.all(burst)) {
      if (kind === 'poisoned') {
        expect(status, body).toBeLessThan(500);
        continue;
      }
      expect(status, body).toBe(200);
      const { access_token } = JSON.parse(body) as { access_token: string };
      expect(await (await userinfo(server, access_token)).json()).toMatchObject({ sub: user?.id });
    }
  });
});
