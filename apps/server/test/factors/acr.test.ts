import { ACR } from '@omnia/contracts/constants';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  decide,
  decisionBody,
  insertClient,
  issueTokens,
  pkce,
  redeemCode,
  startAuthorization,
  type TestClient,
  tokenRequest,
  userinfo,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, signedInSecondsAgo, type TestUser } from '../support/users';
import { addPasskey, codeAt, confirmItsYou, enableTotp } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * acr and amr (OpenID Connect Core 2): the id_token says how the person signed in; a relying party
 * asking for two factors (acr_values) or requiring them (its 'Require two-step verification')
 * never gets a code for a one-factor sign-in.
 */
let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = await insertClient(server, await createUser(server));
});
afterAll(() => server?.close());

async function details(jar: CookieJar, uid: string, user: TestUser) {
  jar.signIn(user);
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  expect(res.status).toBe(200);
  return (await res.json()) as { second_factor?: string; redirect_to?: string; reauthenticate?: boolean };
}

const decision = async (jar: CookieJar, uid: string, user: TestUser, approved: boolean) =>
  jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: await decisionBody(server, jar, uid, user, approved),
  });

describe('acr and amr', () => {
  it('discovery lists the two levels; a password sign-in gets amr ["pwd"] and the one-factor acr', async () => {
    const discovery = (await (await server.fetch('/.well-known/openid-configuration')).json()) as {
      acr_values_supported?: string[];
      claims_supported?: string[];
    };
    expect(discovery.acr_values_supported).toEqual([ACR.password, ACR.twoStep]);
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['acr', 'amr']));

    const user = await createUser(server);
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const back = await decide(
      server,
      jar,
      await startAuthorization(server, jar, authorizeUrl(client, { challenge })),
      user,
      true,
    );
    const res = await redeemCode(server, client, back, verifier);
    const idToken = decodeJwt(((await res.json()) as { id_token: string }).id_token);
    expect(idToken.amr).toEqual(['pwd']);
    expect(idToken.acr).toBe(ACR.password);
  });

  it('acr_values asking for two factors, for an account without a second factor: the application gets unmet_authentication_requirements', async () => {
    const user = await createUser(server);
    const jar = CookieJar.of(user);
    const url = `${authorizeUrl(client, pkce())}&acr_values=${encodeURIComponent(ACR.twoStep)}`;
    const uid = await startAuthorization(server, jar, url);
    const answer = await details(jar, uid, user);
    expect(answer.second_factor).toBeUndefined();
    const back = await followRedirect(jar, answer.redirect_to ?? '');
    expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('acr_values asking for one factor change nothing', async () => {
    const user = await createUser(server);
    const jar = CookieJar.of(user);
    const url = `${authorizeUrl(client, pkce())}&acr_values=${encodeURIComponent(ACR.password)}`;
    const back = await decide(server, jar, await startAuthorization(server, jar, url), user, true);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('a client requiring two-step verification: the screen says to set one up; Allow is refused, Cancel tells the application', async () => {
    const owner = await createUser(server);
    const strict = await insertClient(server, owner, { name: 'Strict App' });
    const saved = await server.fetch(`/api/developer/clients/${await rowId(strict)}/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...owner.authHeader },
      body: JSON.stringify({ require_two_step: true }),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { client: { require_two_step: boolean } }).client.require_two_step).toBe(
      true,
    );

    const user = await createUser(server);
    const jar = CookieJar.of(user);
    const uid = await startAuthorization(server, jar, authorizeUrl(strict, pkce()));
    expect(await details(jar, uid, user)).toMatchObject({ second_factor: 'setup' });
    expect((await decision(jar, uid, user, true)).status).toBe(403);
    const denied = await decision(jar, uid, user, false);
    expect(denied.status).toBe(200);
    const back = await followRedirect(jar, ((await denied.json()) as { redirect_to: string }).redirect_to);
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  it('with a second factor: a one-factor session is asked for it, then the id_token says two factors', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    // This session signed in with the password only (before two-step was on).
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ amr: ['pwd'], second_factor_at: null })
      .where('user_id', '=', user.id)
      .execute();
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const url = `${authorizeUrl(client, { challenge })}&acr_values=${encodeURIComponent(ACR.twoStep)}`;
    const uid = await startAuthorization(server, jar, url);
    expect(await details(jar, uid, user)).toMatchObject({ second_factor: 'verify' });
    expect((await decision(jar, uid, user, true)).status).toBe(403);
    const confirmed = await postJson(
      server,
      '/api/auth/reauthenticate',
      { code: codeAt(secret) },
      user.authHeader,
    );
    expect(confirmed.status).toBe(200);
    const after = await details(jar, uid, user);
    expect(after.second_factor).toBeUndefined();
    const back = after.redirect_to
      ? await followRedirect(jar, after.redirect_to)
      : await followRedirect(
          jar,
          ((await (await decision(jar, uid, user, true)).json()) as { redirect_to: string }).redirect_to,
        );
    const res = await redeemCode(server, client, back, verifier);
    const idToken = decodeJwt(((await res.json()) as { id_token: string }).id_token);
    expect(idToken.acr).toBe(ACR.twoStep);
    expect(idToken.amr).toEqual(['mfa', 'otp', 'pwd']);
  });

  const essential = (values: string[]) =>
    `&claims=${encodeURIComponent(JSON.stringify({ id_token: { acr: { essential: true, values } } }))}`;
  const interactionsOf = async (user: TestUser) =>
    Number(
      (
        await server.deps.dbHandle.db
          .selectFrom('oidc_models')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('model', '=', 'Interaction')
          .where('account_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('an essential acr claim for two factors is acr_values: asked for the second factor, then acr mfa, no loop', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ amr: ['pwd'], second_factor_at: null })
      .where('user_id', '=', user.id)
      .execute();
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const uid = await startAuthorization(
      server,
      jar,
      `${authorizeUrl(client, { challenge })}${essential([ACR.twoStep])}`,
    );
    expect(await details(jar, uid, user)).toMatchObject({ second_factor: 'verify' });
    expect(
      (await postJson(server, '/api/auth/reauthenticate', { code: codeAt(secret) }, user.authHeader)).status,
    ).toBe(200);
    const after = await details(jar, uid, user);
    const back = await followRedirect(
      jar,
      after.redirect_to ??
        ((await (await decision(jar, uid, user, true)).json()) as { redirect_to: string }).redirect_to,
    );
    const res = await redeemCode(server, client, back, verifier);
    expect(decodeJwt(((await res.json()) as { id_token: string }).id_token).acr).toBe(ACR.twoStep);
    expect(await interactionsOf(user)).toBeLessThanOrEqual(2);
  });

  it.each([
    ['two factors, for an account without a second factor', [ACR.twoStep]],
    ['a level Omnia does not define', ['urn:example:acr:gold']],
  ])(
    'an essential acr claim asking for %s: unmet_authentication_requirements, never a loop',
    async (_, values) => {
      const user = await createUser(server);
      const jar = CookieJar.of(user);
      const uid = await startAuthorization(
        server,
        jar,
        `${authorizeUrl(client, pkce())}${essential(values)}`,
      );
      const answer = await details(jar, uid, user);
      const back = await followRedirect(
        jar,
        answer.redirect_to ??
          ((await (await decision(jar, uid, user, true)).json()) as { redirect_to: string }).redirect_to,
      );
      expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
      expect(back.searchParams.get('code')).toBeNull();
      expect(await interactionsOf(user)).toBeLessThanOrEqual(2);
    },
  );

  it('an app that requires two factors, for an account whose only second factor is a passkey: the passkey counts', async () => {
    const owner = await createUser(server);
    const strict = await insertClient(server, owner, { name: 'Passkey Strict App' });
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ require_two_step: true })
      .where('client_id', '=', strict.clientId)
      .execute();
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    const origin = new URL(server.config.publicUrl).origin;
    await confirmItsYou(server, user);
    const registration = (await (
      await postJson(server, '/api/me/passkeys/options', {}, user.authHeader)
    ).json()) as {
      challenge: string;
      rp: { id: string };
    };
    const added = await postJson(
      server,
      '/api/me/passkeys',
      { response: authenticator.register(registration, origin), name: 'Phone' },
      user.authHeader,
    );
    expect(added.status).toBe(201);
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(strict, { challenge }));
    // Asked to use it, not to set up a second factor.
    expect(await details(jar, uid, user)).toMatchObject({ second_factor: 'verify' });
    const options = (await (
      await postJson(server, '/api/auth/reauthenticate/passkey-options', {}, user.authHeader)
    ).json()) as { challenge: string; rpId: string };
    const confirmed = await postJson(
      server,
      '/api/auth/reauthenticate',
      { passkey: authenticator.assert(options, origin) },
      user.authHeader,
    );
    expect(confirmed.status).toBe(200);
    const after = await details(jar, uid, user);
    expect(after.second_factor).toBeUndefined();
    const back = await followRedirect(
      jar,
      after.redirect_to ??
        ((await (await decision(jar, uid, user, true)).json()) as { redirect_to: string }).redirect_to,
    );
    const res = await redeemCode(server, strict, back, verifier);
    expect(decodeJwt(((await res.json()) as { id_token: string }).id_token).acr).toBe(ACR.twoStep);
  });

  it("after a passkey, 'Confirm it's you' with the password alone is a one-factor sign-in: the id_token says so, and two factors are asked again", async () => {
    const user = await createUser(server);
    const { authenticator } = await addPasskey(server, user);
    const origin = new URL(server.config.publicUrl).origin;
    const options = (await (
      await postJson(server, '/api/auth/reauthenticate/passkey-options', {}, user.authHeader)
    ).json()) as { challenge: string; rpId: string };
    const withPasskey = await postJson(
      server,
      '/api/auth/reauthenticate',
      { passkey: authenticator.assert(options, origin) },
      user.authHeader,
    );
    expect(withPasskey.status).toBe(200);
    await signedInSecondsAgo(server, user, 3600);
    const jar = CookieJar.of(user);
    const fresh = pkce();
    const uid = await startAuthorization(
      server,
      jar,
      `${authorizeUrl(client, { challenge: fresh.challenge })}&prompt=login&max_age=0`,
    );
    expect(await details(jar, uid, user)).toMatchObject({ reauthenticate: true });
    // Whoever has the unlocked browser and knows the password, not the passkey:
    const withPassword = await postJson(
      server,
      '/api/auth/reauthenticate',
      { password: user.password },
      user.authHeader,
    );
    expect(withPassword.status).toBe(200);
    const after = await details(jar, uid, user);
    const back = await followRedirect(
      jar,
      after.redirect_to ??
        ((await (await decision(jar, uid, user, true)).json()) as { redirect_to: string }).redirect_to,
    );
    const idToken = decodeJwt(
      ((await (await redeemCode(server, client, back, fresh.verifier)).json()) as { id_token: string })
        .id_token,
    );
    expect(idToken.amr).toEqual(['pwd']);
    expect(idToken.acr).toBe(ACR.password);

    // An application asking for two factors now is not told they were used: the passkey is asked for.
    const twoFactors = `${authorizeUrl(client, pkce())}&acr_values=${encodeURIComponent(ACR.twoStep)}`;
    expect(await details(jar, await startAuthorization(server, jar, twoFactors), user)).toMatchObject({
      second_factor: 'verify',
    });
  });

  it('turned on, it ends the app’s sign-ins made with one factor; those made with two go on', async () => {
    const owner = await createUser(server);
    const app = await insertClient(server, owner);
    const oneFactor = await issueTokens(server, app, await createUser(server));
    const withTwo = await createUser(server);
    await enableTotp(server, withTwo);
    const twoFactors = await issueTokens(server, app, withTwo);
    expect(decodeJwt(twoFactors.id_token).acr).toBe(ACR.twoStep);
    const saved = await server.fetch(`/api/developer/clients/${await rowId(app)}/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...owner.authHeader },
      body: JSON.stringify({ require_two_step: true }),
    });
    expect(saved.status).toBe(200);
    const refresh = (refreshToken: string) =>
      tokenRequest(server, app, { grant_type: 'refresh_token', refresh_token: refreshToken });
    const refused = await refresh(oneFactor.refresh_token);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await userinfo(server, oneFactor.access_token)).status).toBe(401);
    const kept = await refresh(twoFactors.refresh_token);
    expect(kept.status).toBe(200);
    expect(decodeJwt(((await kept.json()) as { id_token: string }).id_token).acr).toBe(ACR.twoStep);
  });

  it('the setting is the owner’s alone and must be a boolean', async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const mine = await insertClient(server, owner);
    const path = `/api/developer/clients/${await rowId(mine)}/settings`;
    const patch = (who: TestUser, body: unknown) =>
      server.fetch(path, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...who.authHeader },
        body: JSON.stringify(body),
      });
    expect((await patch(other, { require_two_step: true })).status).toBe(404);
    expect((await patch(owner, { require_two_step: 'yes' })).status).toBe(400);
    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('require_two_step')
      .where('client_id', '=', mine.clientId)
      .executeTakeFirstOrThrow();
    expect(row.require_two_step).toBe(false);
  });
});

async function rowId(c: TestClient): Promise<string> {
  const row = await server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .select('id')
    .where('client_id', '=', c.clientId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Follows the engine from a consent answer's redirect_to to where the browser leaves for the client. */
async function followRedirect(jar: CookieJar, start: string): Promise<URL> {
  const { followToClient } = await import('../oauth/flow');
  return followToClient(server, jar, start);
}
