import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import * as flow from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/**
 * The `claims` parameter (OpenID Connect Core 5.5) names claims one by one: it must never reach
 * beyond the scopes the app may have, nor past what the consent screen shows the person.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CLAIMS = JSON.stringify({
  userinfo: { email: null, name: null },
  id_token: { email: null, name: null },
});

/** The person's authorization of `client` for scope=openid and CLAIMS: what the screen showed, and what the app got. */
async function authorizeWithClaims(client: flow.TestClient, person: TestUser) {
  const jar = flow.CookieJar.of(person);
  const { verifier, challenge } = flow.pkce();
  const url = `${flow.authorizeUrl(client, { challenge, scope: 'openid' })}&claims=${encodeURIComponent(CLAIMS)}`;
  const uid = await flow.startAuthorization(server, jar, url);
  const details = (await (
    await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: person.authHeader })
  ).json()) as { scopes: string[] };
  const back = await flow.decide(server, jar, uid, person, true);
  const tokens = (await (await flow.redeemCode(server, client, back, verifier)).json()) as {
    access_token: string;
    id_token: string;
  };
  const info = (await (await flow.userinfo(server, tokens.access_token)).json()) as Record<string, unknown>;
  return { shown: details.scopes, idToken: decodeJwt(tokens.id_token), info };
}

describe('the claims parameter', () => {
  it('gives an app none of the claims of scopes it may not have, and the screen shows none', async () => {
    const person = await createUser(server);
    await giveProfile(server, person, 'Grace Hopper');
    const bare = await flow.insertClient(server, await createUser(server), { scopes: [] });
    const { shown, idToken, info } = await authorizeWithClaims(bare, person);
    expect(shown).toEqual(['openid']);
    for (const got of [idToken, info]) {
      expect(got.email).toBeUndefined();
      expect(got.name).toBeUndefined();
    }
  });

  it('asks for the scopes whose claims it names, when the app may have them', async () => {
    const person = await createUser(server);
    await giveProfile(server, person, 'Grace Hopper');
    const app = await flow.insertClient(server, await createUser(server), { scopes: ['profile'] });
    const { shown, info } = await authorizeWithClaims(app, person);
    // 'profile' is asked for on the screen by its claim; 'email' the app may not have.
    expect(shown).toEqual(['openid', 'profile']);
    expect(info.name).toBe('Grace Hopper');
    expect(info.email).toBeUndefined();
  });
});
