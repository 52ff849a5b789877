import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf, approveAsListed } from '../admin/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  insertClient,
  introspect,
  issueTokens,
  pkce,
  type TestClient,
  tokenRequest,
  userinfo,
} from './flow';

// A token is read in one statement with its grant, client and account (token-rows.ts); these
// prove that what the engine answers still follows the current state of each of them.

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

const tokensFor = (client: TestClient, who: TestUser) => issueTokens(server, client, who);
const db = () => server.deps.dbHandle.db;

describe('a token follows its grant, client and account as they are now', () => {
  it('userinfo shows a name changed after the token was issued', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { access_token } = await tokensFor(client, user);
    await db()
      .insertInto('profiles')
      .values({ id: user.id, full_name: 'Renamed Person' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: 'Renamed Person' }))
      .execute();
    const res = await userinfo(server, access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sub: user.id, name: 'Renamed Person' });
  });

  it('a rejected client: its access token and refresh token stop working', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { access_token, refresh_token } = await tokensFor(client, user);
    expect((await userinfo(server, access_token)).status).toBe(200);
    await db()
      .updateTable('oauth2_clients')
      .set({ status: 'rejected' })
      .where('client_id', '=', client.clientId)
      .execute();
    const info = await userinfo(server, access_token);
    expect(info.status).toBe(401);
    expect(info.headers.get('www-authenticate')).toContain('invalid_token');
    const refresh = await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token });
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('rejected by the operator, then approved again: the tokens from before stay ended', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { access_token, refresh_token } = await tokensFor(client, user);
    const rejected = await server.fetch(`/api/admin/clients/${client.clientId}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKeyOf(server)}` },
    });
    expect(rejected.status).toBe(200);
    // What an approval needs.
    await db()
      .updateTable('oauth2_clients')
      .set({
        homepage_url: 'https://app.example',
        privacy_url: 'https://app.example/privacy',
        terms_url: 'https://app.example/terms',
      })
      .where('client_id', '=', client.clientId)
      .execute();
    expect((await approveAsListed(server, client.clientId)).status).toBe(200);
    expect((await userinfo(server, access_token)).status).toBe(401);
    const refresh = await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('a deleted account: userinfo answers invalid_token and refresh invalid_grant', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { access_token, refresh_token } = await tokensFor(client, user);
    await db().deleteFrom('users').where('id', '=', user.id).execute();
    expect((await userinfo(server, access_token)).status).toBe(401);
    const refresh = await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('a grant removed from under its tokens: userinfo and introspection say so', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const { access_token } = await tokensFor(client, user);
    await db()
      .deleteFrom('oidc_models')
      .where('model', '=', 'Grant')
      .where('account_id', '=', user.id)
      .execute();
    expect((await userinfo(server, access_token)).status).toBe(401);
    const answer = await introspect(server, client, access_token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ active: false });
  });

  it('refresh rotates with the grant read alongside; the new tokens work and name the same account', async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const first = await tokensFor(client, user);
    const res = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(res.status).toBe(200);
    const next = (await res.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const info = await userinfo(server, next.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ sub: user.id, email: user.email });
  });

  it("a signed-in browser's session is read with the client it names: another, unknown or absurd client_id changes nothing", async () => {
    const user = await createUser(server);
    const client = await insertClient(server, owner);
    const other = await insertClient(server, owner, { name: 'Other App' });
    const { jar } = await authorizeAs(server, client, user);
    const { challenge } = pkce();
    const bad = async (clientId: string) => {
      const res = await jar.fetch(server, authorizeUrl({ ...client, clientId }, { challenge }));
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location') ?? '', server.url).pathname).toBe('/oauth2/consent/error');
    };
    await bad('omnia_unknown');
    await bad('x'.repeat(201));
    // Another client of the same session has no grant yet: its consent screen, not a code.
    const first = await jar.fetch(server, authorizeUrl(other, { challenge }));
    expect(new URL(first.headers.get('location') ?? '', server.url).pathname).toMatch(
      /^\/oauth2\/consent\/[\w-]+$/,
    );
    // The consented client still gets its code straight away.
    const again = await jar.fetch(server, authorizeUrl(client, { challenge }));
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });
});
