import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeExpiredModels } from '../../src/modules/oauth/store';
import { changePassword, createUser, postJson, secondSessionOf, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  CookieJar,
  decisionBody,
  pkce,
  redeemCode,
  startAuthorization,
  tokenRequest,
  useClientWorld,
} from './flow';

/*
 * An app's tokens end with the Omnia sign-in they were issued through (ended-sign-in-tokens.test.ts):
 * a sign-out finds the engine's session by the Omnia session it is bound to. Someone who signed in
 * with a stolen password must not get an app sign-in that no sign-out finds: by sending their
 * browser back to the engine without its Omnia cookie, after their sign-in was ended, or by
 * waiting until the engine's own session (14 days) ran out and housekeeping ran.
 */
const world = useClientWorld();
const refresh = (refreshToken: string) =>
  tokenRequest(world.server, world.client, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Allow as `user`, up to the engine's resume URL (not followed yet). */
async function allowedUpToResume(user: TestUser) {
  const { server, client } = world;
  const jar = CookieJar.of(user);
  const { challenge } = pkce();
  const uid = await startAuthorization(
    server,
    jar,
    authorizeUrl(client, { challenge, scope: 'openid profile' }),
  );
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: await decisionBody(server, jar, uid, user, true),
  });
  expect(res.status).toBe(200);
  const { redirect_to } = (await res.json()) as { redirect_to: string };
  return { jar, resume: redirect_to };
}

/** The engine's answer to the resume: refused as not signed in, with no code for the app. */
async function refusedAsSignedOut(jar: CookieJar, resume: string) {
  const res = await jar.fetch(world.server, resume);
  expect(res.status).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  expect(await res.text()).toContain('login_required');
}

describe('an app sign-in no sign-out could find', () => {
  it('is refused when the browser comes back to the engine without its Omnia cookie', async () => {
    const owner = await createUser(world.server);
    const intruder = await secondSessionOf(world.server, owner);
    const { jar, resume } = await allowedUpToResume(intruder);
    await refusedAsSignedOut(jar.signOut(), resume);
  });

  it('is refused when the Omnia sign-in was ended between Allow and the engine', async () => {
    const owner = await createUser(world.server);
    const intruder = await secondSessionOf(world.server, owner);
    const { jar, resume } = await allowedUpToResume(intruder);
    expect(
      (await postJson(world.server, '/api/me/sessions/sign-out-others', {}, owner.authHeader)).status,
    ).toBe(200);
    await refusedAsSignedOut(jar, resume);
  });

  for (const how of ['sign-out-others', 'password change'] as const)
    it(`ends with its Omnia sign-in (${how}) after the engine's session ran out and was swept`, async () => {
      const { server, client } = world;
      const db = server.deps.dbHandle.db;
      const owner = await createUser(server);
      const intruder = await secondSessionOf(server, owner);
      const { back, verifier } = await authorizeAs(server, client, intruder);
      const res = await redeemCode(server, client, back, verifier);
      expect(res.status).toBe(200);
      const tokens = (await res.json()) as { refresh_token: string };
      // Fourteen days without the intruder's browser at /oauth2, the Omnia sign-in still live.
      await sql`update oidc_models set expires_at = now() - interval '1 second'
                 where model = 'Session' and account_id = ${owner.id}`.execute(db);
      await purgeExpiredModels(db);
      if (how === 'sign-out-others')
        expect(
          (await postJson(server, '/api/me/sessions/sign-out-others', {}, owner.authHeader)).status,
        ).toBe(200);
      else
        expect((await changePassword(server, owner, 'a brand new passphrase 42')).status).toBeLessThan(300);
      expect((await refresh(tokens.refresh_token)).status).toBe(400);
    });

  it('housekeeping removes an engine session that ran out once its Omnia sign-in is over', async () => {
    const { server, client } = world;
    const db = server.deps.dbHandle.db;
    const person = await createUser(server);
    await authorizeAs(server, client, person);
    const sessionsOf = () =>
      db
        .selectFrom('oidc_models')
        .select('id')
        .where('model', '=', 'Session')
        .where('account_id', '=', person.id)
        .execute();
    await sql`update oidc_models set expires_at = now() - interval '1 second'
               where model = 'Session' and account_id = ${person.id}`.execute(db);
    await purgeExpiredModels(db);
    expect(await sessionsOf()).toHaveLength(1);
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${person.id}`.execute(
      db,
    );
    await purgeExpiredModels(db);
    expect(await sessionsOf()).toEqual([]);
  });
});
