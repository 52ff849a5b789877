import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRequest,
  CookieJar,
  codeGrant,
  locationOf,
  paramsOf,
  relyingParty,
  setClientSettings,
  signIn,
} from '../conformance/rp';
import { insertClient, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, signedInSecondsAgo } from '../support/users';

let server: TestServer;
let client: TestClient;
let config: oidc.Configuration;
const POST_LOGOUT_URI = 'https://app.example.test/signed-out';

beforeAll(async () => {
  server = await startTestServer();
  client = await insertClient(server, await createUser(server));
  await setClientSettings(server, client, { post_logout_redirect_uris: [POST_LOGOUT_URI] });
  config = await relyingParty(server, client);
});
afterAll(() => server?.close());

async function signedIn() {
  const person = await createUser(server);
  await signedInSecondsAgo(server, person, 5);
  const jar = CookieJar.of(person);
  const first = await signIn(server, config, jar, person);
  return { person, jar, first: first.claims, idToken: first.tokens.id_token ?? '' };
}

async function timePasses(seconds: number) {
  await server.deps.dbHandle.db
    .updateTable('oidc_signing_keys')
    .set({ activates_at: sql<Date>`activates_at - make_interval(secs => ${seconds})` })
    .execute();
  await server.signingKeys.refresh();
}

describe('max_age=0', () => {
  it('non-silent: asks for a fresh sign-in, auth_time is it', async () => {
    const { person, jar, first } = await signedIn();
    const second = await signIn(server, config, jar, person, { max_age: '0' }, { maxAge: 0 });
    expect(second.seen.reauthenticated).toBe(true);
    expect(second.claims.auth_time).toBeGreaterThan(first.auth_time as number);
  });
  it('silent: login_required', async () => {
    const { jar } = await signedIn();
    const req = await authRequest(config, { prompt: 'none', max_age: '0' });
    let back = locationOf(server, await jar.fetch(server, `${req.url.pathname}${req.url.search}`));
    for (let i = 0; i < 4 && back.origin === new URL(server.url).origin; i++)
      back = locationOf(server, await jar.fetch(server, `${back.pathname}${back.search}`));
    await expect(codeGrant(config, back, req, { maxAge: 0 })).rejects.toMatchObject({ error: 'login_required' });
  });
});

describe('the engine session', () => {
  it('slides: each authorization in the browser saves it again with a new 14-day lifetime', async () => {
    const { person, jar } = await signedIn();
    const expiry = async () => {
      const rows = await server.deps.dbHandle.db
        .selectFrom('oidc_models')
        .select(['id', 'expires_at'])
        .where('model', '=', 'Session')
        .where('account_id', '=', person.id)
        .execute();
      return rows.map((r) => new Date(r.expires_at as unknown as string).getTime());
    };
    const before = await expiry();
    await new Promise((r) => setTimeout(r, 2100));
    const other = await insertClient(server, person, { name: 'Other app' });
    await signIn(server, await relyingParty(server, other), jar, person);
    const after = await expiry();
    console.log({ before, after });
    expect(after.length).toBe(1);
    expect(after[0]).toBeGreaterThan((before[0] ?? 0) + 1000);
  });
});

describe('an ID token signed by a key retired more than 14 days ago, while the sign-in at the OP is still current', () => {
  it('is still accepted as id_token_hint at RP-initiated logout (RP-Initiated Logout 1.0 §2 SHOULD)', async () => {
    const { jar, idToken } = await signedIn();
    // The operator's rotation (or the 90-day schedule) right after this sign-in...
    await server.signingKeys.rotate({ immediately: true });
    await server.signingKeys.refresh();
    // ... and 15 days later: the person kept using Omnia in this browser (each authorization saves
    // the engine session again with a fresh 14-day lifetime), the app kept its ID token.
    await timePasses(15 * 86_400);
    // The engine session is current: a silent authorization of the same app still gets a code.
    const silent = await authRequest(config, { prompt: 'none' });
    const again = locationOf(server, await jar.fetch(server, `${silent.url.pathname}${silent.url.search}`));
    // follow the engine's resume
    let at = again;
    for (let i = 0; i < 4 && at.origin === new URL(server.url).origin; i++)
      at = locationOf(server, await jar.fetch(server, `${at.pathname}${at.search}`));
    expect(paramsOf(at).code).toBeTruthy();

    const end = oidc.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    });
    const res = await jar.fetch(server, `${end.pathname}${end.search}`, { headers: { accept: 'text/html' } });
    const page = locationOf(server, res);
    console.log('logout with old hint:', res.status, page.href);
    expect(page.pathname).toBe('/auth/sign-out');
  });

  it('is still accepted as id_token_hint for prompt=none (the app is told who it expects)', async () => {
    const { jar, idToken, first } = await signedIn();
    await server.signingKeys.rotate({ immediately: true });
    await server.signingKeys.refresh();
    await timePasses(15 * 86_400);
    const req = await authRequest(config, { prompt: 'none', id_token_hint: idToken });
    let at = locationOf(server, await jar.fetch(server, `${req.url.pathname}${req.url.search}`));
    for (let i = 0; i < 4 && at.origin === new URL(server.url).origin; i++)
      at = locationOf(server, await jar.fetch(server, `${at.pathname}${at.search}`));
    console.log('prompt=none with old hint:', at.href);
    const tokens = await codeGrant(config, at, req);
    expect(tokens.claims()?.sub).toBe(first.sub);
  });
});
