import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, enableTotp } from '../factors/helpers';
import { authorizeUrl, CookieJar, decide, insertClient, pkce, redeemCode, startAuthorization, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, signedInSecondsAgo } from '../support/users';

/*
 * integrators.md §4: "`amr` and `acr` describe the sign-in `auth_time` names. After prompt=login or
 * max_age, that is the user's fresh confirmation". With a second factor, 'Confirm it's you' is the
 * authenticator code alone; the id_token then names that moment as auth_time but still says the
 * password (and two factors, acr mfa) were used.
 */
let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = await insertClient(server, await createUser(server));
});
afterAll(() => server?.close());

describe('prompt=login confirmed with the authenticator code alone', () => {
  it('the id_token does not claim a password at the fresh auth_time', async () => {
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    await new Promise((r) => setTimeout(r, 31_000)); // next TOTP step
    await signedInSecondsAgo(server, user, 3600);
    const jar = CookieJar.of(user);
    const { challenge, verifier } = pkce();
    const uid = await startAuthorization(server, jar, `${authorizeUrl(client, { challenge, scope: 'openid' })}&prompt=login`);
    const det = await (await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader })).json();
    expect(det).toMatchObject({ reauthenticate: true });
    const confirmed = await postJson(server, '/api/auth/reauthenticate', { code: codeAt(secret) }, user.authHeader);
    expect(confirmed.status).toBe(200);
    const back = await decide(server, jar, uid, user, true);
    const idToken = decodeJwt(((await (await redeemCode(server, client, back, verifier)).json()) as { id_token: string }).id_token);
    console.log(idToken);
    expect(Math.abs((idToken.auth_time as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(idToken.amr).not.toContain('pwd');
  }, 60_000);
});
