import { REGISTRATION_TOKENS_API, type RegistrationTokenCreated } from '@omnia/contracts/registration';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { dpopKey, dpopProof, setSecurity } from '../fapi/fixture';
import { CookieJar, visit } from '../interop/support';
import { secretOf } from '../oauth/apis';
import { createUser, type TestUser } from '../support/users';
import { type SharedDatabasePair, startPairOnNewDatabase } from './instances';

/**
 * One-time credentials of high-security apps on two instances over one PostgreSQL database: a
 * DPoP proof sent to both at once is served once, and an initial access token's last use
 * registers once.
 */
const adminUrl = process.env.DATABASE_URL;
const reason = 'needs DATABASE_URL (a PostgreSQL server shared by both instances; .ci/run provides one)';
const REDIRECT = 'https://notes.acme.example/callback';
const http = { [oauth.allowInsecureRequests]: true } as const;

let pair: SharedDatabasePair | undefined;
let owner: TestUser;

beforeAll(async () => {
  if (!adminUrl) return;
  pair = await startPairOnNewDatabase(adminUrl, 'omnia_fapi');
  owner = await createUser(pair.a);
});
afterAll(() => pair?.close());

describe.skipIf(!adminUrl)('DPoP and registration across two instances', () => {
  it('a DPoP proof sent to both instances at once is served once', async () => {
    const { a, b } = pair as SharedDatabasePair;
    const app = await register(a, owner, validClient({ redirect_uris: [REDIRECT] }));
    await setSecurity(a, owner, { clientId: app.client_id }, { require_dpop: true });
    const issuer = new URL(a.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
    const rp: oauth.Client = { client_id: app.client_id };
    const key = await dpopKey();
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint ?? '');
    for (const [name, value] of Object.entries({
      client_id: app.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    const { callback } = await visit(a, CookieJar.of(owner), owner, url);
    const params = oauth.validateAuthResponse(as, rp, callback, oauth.expectNoState);
    const auth = oauth.ClientSecretBasic(await secretOf(a, owner, app));
    const response = await oauth.authorizationCodeGrantRequest(as, rp, auth, params, REDIRECT, verifier, {
      ...http,
      DPoP: oauth.DPoP(rp, key),
    });
    const { access_token } = await oauth.processAuthorizationCodeResponse(as, rp, response);

    for (let round = 0; round < 6; round++) {
      const proof = await dpopProof(key, 'GET', `${a.url}/oauth2/userinfo`, { accessToken: access_token });
      const headers = { authorization: `DPoP ${access_token}`, dpop: proof };
      const answers = await Promise.all(
        [a, b, a, b].map((instance) => instance.fetch('/oauth2/userinfo', { headers })),
      );
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 401, 401, 401]);
    }
  });

  it("of tools racing on both instances for a token's last use, exactly one registers", async () => {
    const { a, b } = pair as SharedDatabasePair;
    for (let round = 0; round < 4; round++) {
      const made = await send(a, owner, 'POST', REGISTRATION_TOKENS_API.tokens, {
        label: `race ${round}`,
        lifetime: '1d',
        max_uses: 1,
      });
      const { token } = (await made.json()) as RegistrationTokenCreated;
      const answers = await Promise.all(
        [a, b, a, b].map((instance, i) =>
          instance.fetch('/oauth2/register', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ client_name: `Racer ${round}.${i}`, redirect_uris: [REDIRECT] }),
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 401, 401, 401]);
    }
  });

  it.skipIf(adminUrl)(reason, () => {});
});
