import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  decide,
  decisionBody,
  followToClient,
  insertClient,
  pkce,
  redeemCode,
  startAuthorization,
  type TestClient,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, signedInSecondsAgo, type TestUser } from '../support/users';

/**
 * prompt=login and max_age ask for a sign-in newer than the session's (OpenID Connect Core
 * 3.1.2.1); the id_token's auth_time is that sign-in, never the time of a silent authorization.
 */
let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = await insertClient(server, await createUser(server));
});
afterAll(() => server?.close());

async function details(jar: CookieJar, uid: string, user: TestUser) {
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  expect(res.status).toBe(200);
  return (await res.json()) as { reauthenticate?: boolean; redirect_to?: string };
}

async function idTokenOf(back: URL, verifier: string) {
  const res = await redeemCode(server, client, back, verifier);
  return decodeJwt(((await res.json()) as { id_token: string }).id_token);
}

/** The person's browser, once they allowed the app (remembered consent, an engine session). */
async function consented(user: TestUser) {
  const jar = CookieJar.of(user);
  await decide(server, jar, await startAuthorization(server, jar, authorizeUrl(client, pkce())), user, true);
  return jar;
}

const reauthenticate = (user: TestUser, password: string) =>
  postJson(server, '/api/auth/reauthenticate', { password }, user.authHeader);

describe('a fresh sign-in when the application asks for one', () => {
  it("prompt=login: the screen asks 'Confirm it's you'; a decision cannot skip it; auth_time is the new sign-in", async () => {
    const user = await createUser(server);
    // auth_time counts whole seconds: a sign-in five seconds ago differs from the new one.
    await signedInSecondsAgo(server, user, 5);
    const jar = CookieJar.of(user);
    const first = pkce();
    await decide(server, jar, await startAuthorization(server, jar, authorizeUrl(client, first)), user, true);
    const signedInAt = Math.floor(Date.now() / 1000) - 4;

    const { challenge, verifier } = pkce();
    const uid = await startAuthorization(server, jar, `${authorizeUrl(client, { challenge })}&prompt=login`);
    expect(await details(jar, uid, user)).toMatchObject({ reauthenticate: true });
    const skipped = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: await decisionBody(server, jar, uid, user, true),
    });
    expect(skipped.status).toBe(403);
    const wrong = await reauthenticate(user, 'not the password');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('wrong_password');
    expect((await reauthenticate(user, user.password)).status).toBe(200);
    const after = await details(jar, uid, user);
    expect(after.reauthenticate).toBeUndefined();
    const back = await followToClient(server, jar, after.redirect_to ?? '');
    const idToken = await idTokenOf(back, verifier);
    expect(idToken.auth_time).toBeGreaterThan(signedInAt);
  });

  it('prompt=login: a sign-in in the same second as the request, but before it, is not a fresh one', async () => {
    const user = await createUser(server);
    const jar = await consented(user);
    const uid = await startAuthorization(server, jar, `${authorizeUrl(client, pkce())}&prompt=login`);
    // The sign-in moved to the very start of the request's second (the engine's iat), before it.
    const db = server.deps.dbHandle.db;
    const interaction = await db
      .selectFrom('oidc_models')
      .select(sql<number>`(payload->>'iat')::bigint`.as('iat'))
      .where('model', '=', 'Interaction')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sessions')
      .set({ authenticated_at: sql`to_timestamp(${Number(interaction.iat)})` })
      .where('user_id', '=', user.id)
      .execute();
    expect(await details(jar, uid, user)).toMatchObject({ reauthenticate: true });
    // The one made now, within that second or the next, is.
    expect((await reauthenticate(user, user.password)).status).toBe(200);
    expect((await details(jar, uid, user)).reauthenticate).toBeUndefined();
  });

  it('without prompt=login a consented authorization is silent and keeps the old auth_time', async () => {
    const user = await createUser(server);
    // auth_time counts whole seconds: with the sign-in five seconds ago a renewed one would show.
    await signedInSecondsAgo(server, user, 5);
    const jar = await consented(user);
    const authenticatedAt = Math.floor(new Date(user.session.user.created_at).getTime() / 1000) - 5;
    const { challenge, verifier } = pkce();
    const back = await followToClient(server, jar, authorizeUrl(client, { challenge }));
    const idToken = await idTokenOf(back, verifier);
    expect(idToken.auth_time).toBeLessThan(Math.floor(Date.now() / 1000) - 3);
    expect(idToken.auth_time).toBeGreaterThanOrEqual(authenticatedAt - 1);
  });

  it('max_age=1 asks again for a sign-in older than it; max_age=10000 does not', async () => {
    const user = await createUser(server);
    // Signed in five seconds ago: older than max_age=1, whatever the rounding.
    await signedInSecondsAgo(server, user, 5);
    const jar = await consented(user);
    const long = await jar.fetch(server, `${authorizeUrl(client, pkce())}&max_age=10000`);
    expect(new URL(long.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const uid = await startAuthorization(server, jar, `${authorizeUrl(client, pkce())}&max_age=1`);
    expect(await details(jar, uid, user)).toMatchObject({ reauthenticate: true });
  });

  it('a wrong password counts toward the lockout like a failed sign-in', async () => {
    const user = await createUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await reauthenticate(user, `wrong ${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
    expect((await reauthenticate(user, user.password)).status).toBe(429);
  });
});
