import { MESSAGES } from '@omnia/contracts';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { errorOf, register, send, validClient } from './helpers';

/** Per-client 'Require PKCE' and post-logout redirect URIs: stored, validated, owner-only. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const read = async (user: TestUser, id: string) =>
  ((await (await send(server, user, 'GET', DEVELOPER_API.client(id))).json()) as { client: OAuthClient })
    .client;

/** The stored row itself, not what the API says about it. */
const row = (id: string) =>
  server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const BAD_URIS = [
  'http://evil.example/bye',
  'https://a.example/bye#frag',
  'not a url',
  'javascript:alert(1)',
  `https://a.example/${'x'.repeat(2100)}`,
];

describe('registration', () => {
  it('without the fields: PKCE required, no post-logout redirect URIs', async () => {
    const user = await createUser(server);
    const client = await register(server, user);
    expect(client.require_pkce).toBe(true);
    expect(client.post_logout_redirect_uris).toEqual([]);
    expect(await read(user, client.id)).toEqual(client);
    expect(await row(client.id)).toMatchObject({ require_pkce: true, post_logout_redirect_uris: [] });
  });

  it('with PKCE off and post-logout URIs (blank rows dropped, trimmed), read back the same', async () => {
    const user = await createUser(server);
    const client = await register(
      server,
      user,
      validClient({
        require_pkce: false,
        post_logout_redirect_uris: [
          '',
          ' https://notes.acme.example/signed-out ',
          '  ',
          'http://localhost:8080/bye',
        ],
      }),
    );
    expect(client.require_pkce).toBe(false);
    expect(client.post_logout_redirect_uris).toEqual([
      'https://notes.acme.example/signed-out',
      'http://localhost:8080/bye',
    ]);
    expect(await read(user, client.id)).toEqual(client);
    const list = (await (await send(server, user, 'GET', DEVELOPER_API.clients)).json()) as {
      clients: OAuthClient[];
    };
    expect(list.clients).toEqual([client]);
    expect(await row(client.id)).toMatchObject({
      require_pkce: false,
      post_logout_redirect_uris: client.post_logout_redirect_uris,
    });
  });

  it('refuses bad post-logout URIs and a non-boolean require_pkce with a 400, and stores nothing', async () => {
    const user = await createUser(server);
    for (const uri of BAD_URIS) {
      const res = await send(
        server,
        user,
        'POST',
        DEVELOPER_API.clients,
        validClient({ post_logout_redirect_uris: ['https://ok.example/bye', uri] }),
      );
      expect(res.status, uri).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      if (uri.length < 2000) {
        const expected = uri.includes('#') ? MESSAGES.uriHasFragment : MESSAGES.postLogoutRedirectUriInvalid;
        expect(error.message).toBe(expected);
        expect(error.fields?.['post_logout_redirect_uris.1']).toBe(expected);
      }
    }
    for (const body of [
      { ...validClient(), require_pkce: 'no' },
      { ...validClient(), require_pkce: null },
      { ...validClient(), post_logout_redirect_uris: 'https://ok.example/bye' },
      { ...validClient(), post_logout_redirect_uris: Array(21).fill('https://ok.example/bye') },
    ]) {
      const res = await send(server, user, 'POST', DEVELOPER_API.clients, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    // A bad redirect URI says so in the catalogue's words too.
    const bad = await send(
      server,
      user,
      'POST',
      DEVELOPER_API.clients,
      validClient({ redirect_uris: ['http://evil.example/cb'] }),
    );
    expect((await errorOf(bad)).fields?.['redirect_uris.0']).toBe(MESSAGES.redirectUriInvalid);
    const list = (await (await send(server, user, 'GET', DEVELOPER_API.clients)).json()) as {
      clients: OAuthClient[];
    };
    expect(list.clients).toEqual([]);
  });
});

describe('PATCH settings', () => {
  it('the owner switches PKCE back on and edits the post-logout URIs; updated_at moves, the rest stays', async () => {
    const owner = await createUser(server);
    const client = await register(server, owner, validClient({ require_pkce: false }));
    await new Promise((r) => setTimeout(r, 5));

    const on = await send(server, owner, 'PATCH', DEVELOPER_API.settings(client.id), { require_pkce: true });
    expect(on.status).toBe(200);
    const afterOn = ((await on.json()) as { client: OAuthClient }).client;
    expect(afterOn.require_pkce).toBe(true);
    expect(afterOn.post_logout_redirect_uris).toEqual([]);
    expect(Date.parse(afterOn.updated_at)).toBeGreaterThan(Date.parse(client.updated_at));
    expect(afterOn).toMatchObject({
      name: client.name,
      client_id: client.client_id,
      redirect_uris: client.redirect_uris,
      created_at: client.created_at,
    });
    expect(await read(owner, client.id)).toEqual(afterOn);

    const uris = await send(server, owner, 'PATCH', DEVELOPER_API.settings(client.id), {
      post_logout_redirect_uris: ['https://notes.acme.example/bye', '   '],
    });
    expect(uris.status).toBe(200);
    const afterUris = ((await uris.json()) as { client: OAuthClient }).client;
    expect(afterUris.post_logout_redirect_uris).toEqual(['https://notes.acme.example/bye']);
    // Only what was sent changed.
    expect(afterUris.require_pkce).toBe(true);

    const both = await send(server, owner, 'PATCH', DEVELOPER_API.settings(client.id), {
      require_pkce: false,
      post_logout_redirect_uris: [],
    });
    expect(((await both.json()) as { client: OAuthClient }).client).toMatchObject({
      require_pkce: false,
      post_logout_redirect_uris: [],
    });
    expect(await row(client.id)).toMatchObject({ require_pkce: false, post_logout_redirect_uris: [] });
  });

  it('bad settings are a 400 with the message and change nothing', async () => {
    const owner = await createUser(server);
    const client = await register(server, owner);
    const before = await row(client.id);
    for (const body of [
      {},
      { require_pkce: 'false' },
      { require_pkce: 1 },
      { post_logout_redirect_uris: null },
      { post_logout_redirect_uris: ['https://ok.example/bye', 'http://evil.example/bye'] },
      ...BAD_URIS.map((uri) => ({ require_pkce: false, post_logout_redirect_uris: [uri] })),
    ]) {
      const res = await send(server, owner, 'PATCH', DEVELOPER_API.settings(client.id), body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.message.length).toBeGreaterThan(0);
    }
    const res = await send(server, owner, 'PATCH', DEVELOPER_API.settings(client.id), {
      post_logout_redirect_uris: ['http://evil.example/bye'],
    });
    expect((await errorOf(res)).fields?.['post_logout_redirect_uris.0']).toBe(
      MESSAGES.postLogoutRedirectUriInvalid,
    );
    const broken = await server.fetch(DEVELOPER_API.settings(client.id), {
      method: 'PATCH',
      headers: { ...owner.authHeader, 'content-type': 'application/json' },
      body: '{"require_pkce":',
    });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe('invalid_json');
    expect(await row(client.id)).toEqual(before);
  });

  it('another user gets 404 and changes nothing; anonymous 401; unknown ids 404', async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const client = await register(server, owner);
    const before = await row(client.id);
    const res = await send(server, stranger, 'PATCH', DEVELOPER_API.settings(client.id), {
      require_pkce: false,
      post_logout_redirect_uris: ['https://evil.example/bye'],
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
    expect(
      (await send(server, undefined, 'PATCH', DEVELOPER_API.settings(client.id), { require_pkce: false }))
        .status,
    ).toBe(401);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      const unknown = await send(server, owner, 'PATCH', DEVELOPER_API.settings(id), { require_pkce: false });
      expect(unknown.status, id).toBe(404);
    }
    expect(await row(client.id)).toEqual(before);
  });
});
