import { DEVELOPER_API } from '@omnia/contracts/developer';
import { createLocalJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedVersion, runAdminCli } from '../admin/helpers';
import { register, send, validClient } from '../developer/helpers';
import {
  authorizeAs,
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pastRetryWindow,
  pkce,
  REDIRECT_URI,
  redeemCode,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startS3, type TestS3 } from '../support/s3';
import { createUser, postJson, refresh, refreshCookieOf, type TestUser } from '../support/users';
import { type Instance, type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * Two Omnia instances over one PostgreSQL database and one S3 bucket, as behind a load balancer.
 * Needs a PostgreSQL server: `.ci/run` gives one (DATABASE_URL); PGlite is one process's database.
 */
const adminUrl = process.env.DATABASE_URL;
const reason = 'needs DATABASE_URL (a PostgreSQL server shared by both instances; .ci/run provides one)';

let a: Instance;
let b: Instance;
let s3: TestS3;
let pair: SharedDatabasePair | undefined;
let owner: TestUser;

beforeAll(async () => {
  if (!adminUrl) return;
  s3 = await startS3('omnia-shared');
  // Both start at once on an empty database: migrations and key generation must not race.
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_two', s3.env);
  ({ a, b } = pair);
  owner = await createUser(a);
}, 60_000);

afterAll(async () => {
  await pair?.close();
  await s3?.close();
});

describe.skipIf(!adminUrl)(`two instances, one state (${adminUrl ? 'PostgreSQL' : reason})`, () => {
  it('signed in on A, the session refreshes on B, and either accepts the access token', async () => {
    const user = await createUser(a);
    const login = await postJson(a, '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const onB = await refresh(b, refreshCookieOf(login)!);
    expect(onB.session.user.id).toBe(user.id);
    const back = await refresh(a, onB.refreshCookie);
    const bearer = { Authorization: `Bearer ${back.session.access_token}` };
    expect((await b.fetch('/api/me/profile', { headers: bearer })).status).toBe(200);
    // Signing out on B ends the session for A at once.
    const logout = await b.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: back.refreshCookie, ...bearer },
    });
    expect(logout.status).toBeLessThan(300);
    expect((await a.fetch('/api/me/profile', { headers: bearer })).status).toBe(401);
  });

  it('authorized on A, the code is exchanged on B, userinfo answers on A, the refresh on B, its retry on A', async () => {
    const user = await createUser(b);
    const client = await insertClient(a, owner);
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const uid = await startAuthorization(a, jar, authorizeUrl(client, { challenge }));
    // The interaction started on A is known to B.
    expect((await jar.fetch(b, `/oauth2/consent/${uid}/details`)).status).toBe(200);
    const back = await decide(a, jar, uid, user, true);
    const exchange = await tokenRequest(b, client, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchange.status).toBe(200);
    const tokens = (await exchange.json()) as { access_token: string; refresh_token: string };
    const info = await a.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ sub: user.id, email: user.email });
    const refreshed = await tokenRequest(b, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const successor = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
    // Retried on the other instance at once (a lost response): the same successor.
    const again = () =>
      tokenRequest(a, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    const retried = await again();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { refresh_token: string }).refresh_token).toBe(successor);
    // After the retry window the rotated-away refresh token is refused on the other instance too.
    await pastRetryWindow(a, tokens.refresh_token);
    expect((await again()).status).toBe(400);
  });

  it('failed logins are counted across both: five split over A and B lock the account everywhere', async () => {
    const user = await createUser(a);
    const wrong = { email: user.email, password: 'not the password' };
    const answers: number[] = [];
    for (const server of [a, b, a, b, a])
      answers.push((await postJson(server, '/api/auth/login', wrong)).status);
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers[4]).toBe(429);
    const right = await postJson(b, '/api/auth/login', { email: user.email, password: user.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a client secret rotated on A is refused on B (within 100 ms: invalidation.test.ts)', async () => {
    const client: TestClient = await insertClient(a, owner);
    const bogusCode = {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: REDIRECT_URI,
      code_verifier: 'x'.repeat(43),
    };
    // B knows the client and accepts its secret (the grant itself is bad: 400, not 401).
    expect((await tokenRequest(b, client, bogusCode)).status).toBe(400);
    const row = await a.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow();
    const rotate = await a.fetch(`/api/developer/clients/${row.id}/rotate-secret`, {
      method: 'POST',
      headers: owner.authHeader,
    });
    expect(rotate.status).toBe(200);
    const { client_secret } = (await rotate.json()) as { client_secret: string };
    // B forgets its kept copy of the client when PostgreSQL announces the change (milliseconds).
    await expect
      .poll(async () => (await tokenRequest(b, client, bogusCode)).status, { timeout: 100 })
      .toBe(401);
    const old = await tokenRequest(b, client, bogusCode);
    expect(((await old.json()) as { error: string }).error).toBe('invalid_client');
    expect((await tokenRequest(b, client, bogusCode, client_secret)).status).toBe(400);
  });

  // Needs each instance's engine at hand (to look at its keys now rather than on its 30 s timer):
  // in-process instances only, not the workers of a clustered server (TEST_CLUSTER=1).
  it.skipIf(process.env.TEST_CLUSTER === '1')(
    'a signing key rotated on A: B publishes it when it looks again; both sign with it when its time comes',
    async () => {
      const jwksOf = async (instance: Instance) =>
        (await (await instance.fetch('/oauth2/jwks')).json()) as { keys: (JWK & { kid: string })[] };
      // The RSA keys (each has an ES256 companion, es256-keys.ts, derived alike on every instance).
      const kidsOf = async (instance: Instance) =>
        (await jwksOf(instance)).keys.filter((k) => k.kty === 'RSA').map((k) => k.kid);
      const before = await kidsOf(a);
      expect(await kidsOf(b)).toEqual(before);
      // The ES256 companions too: both instances derive the same ones.
      expect((await jwksOf(b)).keys).toEqual((await jwksOf(a)).keys);
      const next = await a.signingKeys.rotate();
      // B reads its keys again on its timer (every half minute); here, at once.
      await b.signingKeys.refresh();
      await a.signingKeys.refresh();
      for (const instance of [a, b]) expect(await kidsOf(instance)).toEqual([...before, next.kid]);

      // The activation delay has passed (for the keys): each instance switches when it looks again.
      await a.deps.dbHandle.db
        .updateTable('oidc_signing_keys')
        .set({
          activates_at: sql<Date>`activates_at - make_interval(secs => ${a.config.signingKeys.activationDelaySeconds + 1})`,
        })
        .execute();
      await a.signingKeys.refresh();
      await b.signingKeys.refresh();
      const client = await insertClient(a, owner);
      for (const [signer, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const { back, verifier } = await authorizeAs(signer, client, owner);
        const { id_token } = (await (await redeemCode(signer, client, back, verifier)).json()) as {
          id_token: string;
        };
        expect(decodeProtectedHeader(id_token).kid).toBe(next.kid);
        const { payload } = await jwtVerify(id_token, createLocalJWKSet(await jwksOf(other)), {
          issuer: other.config.publicUrl,
        });
        expect(payload.sub).toBe(owner.id);
      }
    },
  );

  it('an avatar uploaded through A is served by B from the shared bucket', async () => {
    const user = await createUser(b);
    const png = await (await import('sharp'))
      .default({
        create: { width: 16, height: 16, channels: 3, background: '#22aa66' },
      })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)]), 'me.png');
    const res = await a.fetch('/api/me/avatar', { method: 'POST', headers: user.authHeader, body: form });
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    expect(await s3.keys(`avatars/${user.id}/`)).toEqual([`avatars/${user.id}/avatar.png`]);
    const served = await b.fetch(avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(
      (await b.fetch('/api/me/profile', { headers: user.authHeader }).then((r) => r.json())) as object,
    ).toMatchObject({
      avatar_url,
    });
  });

  it('the admin command line works against either: approved through A, rejected through B', {
    timeout: 120_000,
  }, async () => {
    // Each run gets the environment of the instance it is run "on" (its DATA_DIR, PORT, and the
    // shared DATABASE_URL, SECRET_KEY, PUBLIC_URL, S3_*), as an operator on that machine would.
    const onA = (args: string[]) => runAdminCli(args, a.env);
    const onB = (args: string[]) => runAdminCli(args, b.env);
    const lineOf = (stdout: string, clientId: string) =>
      stdout.split('\n').find((line) => line.startsWith(`${clientId} `)) ?? '';

    const registered = await register(a, owner, validClient({ name: 'Shared Admin App' }));
    expect(registered.status).toBe('pending');
    const clientId = registered.client_id;
    const secretRes = await send(b, owner, 'GET', DEVELOPER_API.secret(registered.id));
    const client: TestClient = {
      clientId,
      clientSecret: ((await secretRes.json()) as { client_secret: string }).client_secret,
      ownerId: owner.id,
    };
    const bogusCode = {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'https://notes.acme.example/callback',
      code_verifier: 'x'.repeat(43),
    };

    const approve = await onA(['clients', 'approve', clientId, await listedVersion(a, clientId)]);
    expect(approve).toMatchObject({ code: 0, stderr: '' });
    expect(approve.stdout.trim()).toBe(`approved ${clientId} (Shared Admin App)`);
    const listB = await onB(['clients', 'list']);
    expect(listB.code).toBe(0);
    expect(lineOf(listB.stdout, clientId)).toMatch(/^\S+\s+approved\s+Shared Admin App\s/);
    // B's OAuth engine knows the client (the code is bogus: 400, not invalid_client).
    expect((await tokenRequest(b, client, bogusCode)).status).toBe(400);

    const reject = await onB(['clients', 'reject', clientId]);
    expect(reject).toMatchObject({ code: 0, stderr: '' });
    expect(reject.stdout.trim()).toBe(`rejected ${clientId} (Shared Admin App)`);
    const listA = await onA(['clients', 'list']);
    expect(listA.code).toBe(0);
    expect(lineOf(listA.stdout, clientId)).toMatch(/^\S+\s+rejected\s+Shared Admin App\s/);
    // Rejected through B, the client stops working on A (B's change announced to A).
    await expect
      .poll(async () => (await tokenRequest(a, client, bogusCode)).status, { timeout: 100 })
      .toBe(401);
    const refused = await tokenRequest(a, client, bogusCode);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('both are ready and report their pool', async () => {
    for (const server of [a, b]) {
      expect((await server.fetch('/readyz')).status).toBe(200);
      expect(await (await server.fetch('/metrics')).text()).toContain(
        'omnia_db_pool_connections{pool="app",state="total"}',
      );
    }
  });
});
