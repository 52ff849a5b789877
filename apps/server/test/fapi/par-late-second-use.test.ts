import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, type Interop, startInterop } from '../interop/support';
import { decide, REDIRECT_URI, redeemCode, startAuthorization } from '../oauth/flow';

/*
 * A request_uri is used once (RFC 9126 §4): two authorizations begun from it (two tabs, a reload,
 * someone holding a leaked one) give one code. Issuing the code consumes the pushed request; the
 * second finds it used, even when it finishes after the request's own 60 s.
 */
let env: Interop;
beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

async function twoAuthorizationsOfOnePush() {
  const { server, client, person } = env;
  const config = await oidc.discovery(new URL(server.url), client.clientId, client.clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const url = await oidc.buildAuthorizationUrlWithPAR(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'one-state',
  });
  const path = `${url.pathname}${url.search}`;
  const [one, two] = [CookieJar.of(person), CookieJar.of(person)];
  return {
    verifier,
    one,
    two,
    uids: [await startAuthorization(server, one, path), await startAuthorization(server, two, path)],
  };
}

/** 61 seconds go by for the pushed requests: their own expiry and their rows'. */
const minutePasses = () =>
  sql`update oidc_models
         set expires_at = expires_at - interval '61 seconds',
             payload = jsonb_set(payload, '{exp}', to_jsonb((payload ->> 'exp')::bigint - 61))
       where model = 'PushedAuthorizationRequest'`.execute(env.server.deps.dbHandle.db);

describe('one request_uri, two authorizations', () => {
  it('within its minute: the second to finish is refused', async () => {
    const { server, person } = env;
    const { one, two, uids } = await twoAuthorizationsOfOnePush();
    expect((await decide(server, one, uids[0] ?? '', person, true)).searchParams.get('code')).toBeTruthy();
    const second = await decide(server, two, uids[1] ?? '', person, true);
    expect(second.searchParams.get('code')).toBeNull();
    expect(second.searchParams.get('error')).toBe('invalid_request_uri');
  });

  it('past its minute: the second to finish is refused too, and only the first code redeems', async () => {
    const { server, person, client } = env;
    const { verifier, one, two, uids } = await twoAuthorizationsOfOnePush();
    const first = await decide(server, one, uids[0] ?? '', person, true);
    await minutePasses();
    const second = await decide(server, two, uids[1] ?? '', person, true);
    expect(second.searchParams.get('code')).toBeNull();
    expect(second.searchParams.get('error')).toBe('invalid_request_uri');
    expect((await redeemCode(server, client, first, verifier)).status).toBe(200);
  });

  it('past its minute, one authorization alone still finishes (the minute bounds its start)', async () => {
    const { server, person, client } = env;
    const { verifier, one, uids } = await twoAuthorizationsOfOnePush();
    await minutePasses();
    const only = await decide(server, one, uids[0] ?? '', person, true);
    expect((await redeemCode(server, client, only, verifier)).status).toBe(200);
  });
});
