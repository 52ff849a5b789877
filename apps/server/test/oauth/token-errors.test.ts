import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANT_ERROR_DESCRIPTIONS } from '../../src/modules/oauth/token-errors';
import { ENGINE_GRANT_ERROR_DETAILS as D } from '../../src/oidc-engine-seam';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  insertClient,
  pastRetryWindow,
  REDIRECT_URI,
  redeemCode,
  type TestClient,
  tokenRequest,
} from './flow';

/*
 * Token endpoint refusals say what is wrong: still `invalid_grant` (RFC 6749 §5.2), each
 * check with its own error_description, none naming another client's data.
 */
let server: TestServer;
let user: TestUser;
let client: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server);
  user = await createUser(server);
  client = await insertClient(server, owner);
  other = await insertClient(server, owner);
}, 60_000);
afterAll(() => server?.close());

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  return (await res.json()) as { error: string; error_description: string };
}
const saying = (detail: string) => ({
  error: 'invalid_grant',
  error_description: GRANT_ERROR_DESCRIPTIONS[detail],
});
const codeOf = (back: URL) => back.searchParams.get('code') ?? '';

describe('the token endpoint says which check refused a grant', () => {
  it('a wrong and a missing code_verifier', async () => {
    const { back } = await authorizeAs(server, client, user);
    expect(await refusal(await redeemCode(server, client, back, 'x'.repeat(43)))).toEqual(
      saying(D.wrongVerifier),
    );
    const again = await authorizeAs(server, client, user);
    const missing = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code: codeOf(again.back),
      redirect_uri: REDIRECT_URI,
    });
    expect(await refusal(missing)).toEqual(saying(D.missingVerifier));
  });

  it('a redirect_uri other than the authorization request’s', async () => {
    const { back, verifier } = await authorizeAs(server, client, user);
    const res = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code: codeOf(back),
      redirect_uri: 'https://app.example.test/elsewhere',
      code_verifier: verifier,
    });
    expect(await refusal(res)).toEqual(saying(D.redirectMismatch));
  });

  it('a code issued to another client, without naming it', async () => {
    const { back, verifier } = await authorizeAs(server, client, user);
    const body = await refusal(await redeemCode(server, other, back, verifier));
    expect(body).toEqual(saying(D.clientMismatch));
    expect(JSON.stringify(body)).not.toContain(client.clientId);
  });

  it('a code used twice, an unknown code, and a refresh token used twice', async () => {
    const { back, verifier } = await authorizeAs(server, client, user);
    const first = await redeemCode(server, client, back, verifier);
    expect(first.status).toBe(200);
    const { refresh_token } = (await first.json()) as { refresh_token: string };
    expect(await refusal(await redeemCode(server, client, back, verifier))).toEqual(saying(D.codeConsumed));
    const unknown = new URL(`${REDIRECT_URI}?code=not-a-code`);
    expect(await refusal(await redeemCode(server, client, unknown, verifier))).toEqual(
      saying(D.codeNotFound),
    );

    // The replay revoked the tokens of that code: its refresh token is gone.
    const revoked = await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token });
    expect(await refusal(revoked)).toEqual(saying(D.refreshNotFound));

    const fresh = await authorizeAs(server, client, user);
    const tokens = (await (await redeemCode(server, client, fresh.back, fresh.verifier)).json()) as {
      refresh_token: string;
    };
    const refresh = () =>
      tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect((await refresh()).status).toBe(200);
    await pastRetryWindow(server, tokens.refresh_token);
    expect(await refusal(await refresh())).toEqual(saying(D.refreshUsed));
  });
});
