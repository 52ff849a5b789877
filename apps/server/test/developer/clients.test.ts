import { MESSAGES } from '@omnia/contracts';
import { DEVELOPER_API, type NewestClientResponse, type OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { errorOf, register, send, validClient } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CLIENTS = DEVELOPER_API.clients;

describe('POST /api/developer/clients', () => {
  it('registers a pending client with server-made credentials, the secret sealed and never in the JSON', async () => {
    const user = await createUser(server);
    const res = await send(server, user, 'POST', CLIENTS, validClient());
    expect(res.status).toBe(201);
    const text = await res.text();
    const { client } = JSON.parse(text) as { client: OAuthClient };
    expect(Object.keys(client).sort()).toEqual(
      [
        'allowed_scopes',
        'app_type',
        'backchannel_logout_uri',
        'client_id',
        'created_at',
        'description',
        'homepage_url',
        'id',
        'logo_url',
        'privacy_url',
        'terms_url',
        'name',
        'pending_change',
        'post_logout_redirect_uris',
        'previous_secret_expires_at',
        'redirect_uris',
        'require_pkce',
        'require_two_step',
        'security',
        'status',
        'updated_at',
      ].sort(),
    );
    expect(client).toMatchObject({
      previous_secret_expires_at: null,
      backchannel_logout_uri: null,
      name: 'Acme Notes',
      description: 'Takes notes',
      logo_url: null,
      redirect_uris: ['https://notes.acme.example/callback'],
      allowed_scopes: ['profile', 'email'],
      require_pkce: true,
      post_logout_redirect_uris: [],
      status: 'pending',
    });
    expect(client.client_id).toMatch(/^omnia_[0-9A-Za-z]{24}$/);
    expect(new Date(client.created_at).toISOString()).toBe(client.created_at);
    expect(client.updated_at).toBe(client.created_at);

    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    const secret = await send(server, user, 'GET', `${CLIENTS}/${client.id}/secret`);
    const { client_secret } = (await secret.json()) as { client_secret: string };
    expect(client_secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(text).not.toContain(client_secret);
    expect(row.client_secret).not.toBe(client_secret);
    expect(row.client_secret).not.toContain(client_secret);
    // Sealed under the purpose the OAuth engine opens it with.
    expect(
      createSecretBox(server.config.secretKey, 'oauth2-client-secret').open(String(row.client_secret)),
    ).toBe(client_secret);
  });

  it('gives every client its own id and secret', async () => {
    const user = await createUser(server);
    const a = await register(server, user);
    const b = await register(server, user);
    expect(a.client_id).not.toBe(b.client_id);
    const secretOf = async (c: OAuthClient) =>
      (
        (await (await send(server, user, 'GET', `${CLIENTS}/${c.id}/secret`)).json()) as {
          client_secret: string;
        }
      ).client_secret;
    expect(await secretOf(a)).not.toBe(await secretOf(b));
  });

  it('drops blank redirect rows and stores a blank description as null', async () => {
    const user = await createUser(server);
    const client = await register(
      server,
      user,
      validClient({
        description: '   ',
        redirect_uris: ['', ' https://a.example/cb ', '   ', 'http://localhost:8080/cb'],
        allowed_scopes: ['email'],
      }),
    );
    expect(client.redirect_uris).toEqual(['https://a.example/cb', 'http://localhost:8080/cb']);
    expect(client.description).toBeNull();
    expect(client.allowed_scopes).toEqual(['email']);
  });

  it('answers bad input with the SPEC messages and stores nothing', async () => {
    const user = await createUser(server);
    const cases: [Record<string, unknown>, string, string][] = [
      [validClient({ name: '' }), 'name', MESSAGES.appNameRequired],
      [validClient({ name: '    ' }), 'name', MESSAGES.appNameRequired],
      [{ ...validClient(), name: undefined }, 'name', MESSAGES.appNameRequired],
      [validClient({ allowed_scopes: [] }), 'allowed_scopes', MESSAGES.scopeRequired],
      [validClient({ redirect_uris: [] }), 'redirect_uris', MESSAGES.redirectUriRequired],
      [validClient({ redirect_uris: ['', '   '] }), 'redirect_uris', MESSAGES.redirectUriRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(server, user, 'POST', CLIENTS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe(message);
      expect(error.fields?.[field]).toBe(message);
    }
    for (const body of [
      validClient({ allowed_scopes: ['admin' as 'email'] }),
      validClient({ redirect_uris: ['http://evil.example/cb'] }),
      validClient({ redirect_uris: ['https://a.example/cb#frag'] }),
      validClient({ redirect_uris: ['not a url'] }),
    ]) {
      const res = await send(server, user, 'POST', CLIENTS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code).toBe('validation_failed');
    }
    const bad = await server.fetch(CLIENTS, {
      method: 'POST',
      headers: { ...user.authHeader, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('invalid_json');
    const list = (await (await send(server, user, 'GET', CLIENTS)).json()) as { clients: OAuthClient[] };
    expect(list.clients).toEqual([]);
  });

  it('accepts as logo only a storage URL under the caller’s own oauth2-logos folder', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    for (const logo_url of [
      'https://evil.example/logo.png',
      'javascript:alert(1)',
      `/storage/oauth2-logos/${other.id}/1700000000000-logo.png`,
      `/storage/avatars/${user.id}/avatar.png`,
      `/storage/oauth2-logos/${user.id}/../../secret.key`,
      // Well-formed, but never uploaded.
      `/storage/oauth2-logos/${user.id}/1700000000000-logo.png`,
    ]) {
      const res = await send(server, user, 'POST', CLIENTS, validClient({ logo_url }));
      expect(res.status, logo_url).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.logo_url).toBe('The logo must be an image uploaded with this form');
    }
  });
});

describe('listing and reading clients', () => {
  it('lists the caller’s own clients newest first, and the newest client id', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const newest = async (u = user) =>
      ((await (await send(server, u, 'GET', DEVELOPER_API.newest)).json()) as NewestClientResponse).client_id;
    expect(await newest()).toBeNull();
    const first = await register(server, user, validClient({ name: 'First' }));
    const second = await register(server, user, validClient({ name: 'Second' }));
    const third = await register(server, user, validClient({ name: 'Third' }));
    await register(server, other, validClient({ name: 'Not yours' }));

    const res = await send(server, user, 'GET', CLIENTS);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { clients } = (await res.json()) as { clients: OAuthClient[] };
    expect(clients.map((c) => c.name)).toEqual(['Third', 'Second', 'First']);
    expect(JSON.stringify(clients)).not.toContain('client_secret');
    expect(await newest()).toBe(third.client_id);

    const detail = await send(server, user, 'GET', `${CLIENTS}/${second.id}`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { client: OAuthClient }).client).toEqual(second);
    expect(first.id).not.toBe(second.id);
  });

  it('hides another user’s client: 404 everywhere, never listed', async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const client = await register(server, owner);
    for (const [method, path] of [
      ['GET', `${CLIENTS}/${client.id}`],
      ['GET', `${CLIENTS}/${client.id}/secret`],
      ['POST', `${CLIENTS}/${client.id}/rotate-secret`],
      ['GET', `${CLIENTS}/${client.id}/stats`],
      ['PATCH', `${CLIENTS}/${client.id}/settings`],
    ] as const) {
      const res = await send(
        server,
        stranger,
        method,
        path,
        method === 'PATCH' ? { require_pkce: false } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    const { clients } = (await (await send(server, stranger, 'GET', CLIENTS)).json()) as {
      clients: OAuthClient[];
    };
    expect(clients).toEqual([]);
    const newest = (await (
      await send(server, stranger, 'GET', DEVELOPER_API.newest)
    ).json()) as NewestClientResponse;
    expect(newest.client_id).toBeNull();
    // The stranger's rotate attempt changed nothing.
    const after = (await (await send(server, owner, 'GET', `${CLIENTS}/${client.id}`)).json()) as {
      client: OAuthClient;
    };
    expect(after.client.updated_at).toBe(client.updated_at);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const user = await createUser(server);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      for (const suffix of ['', '/secret', '/stats']) {
        const res = await send(server, user, 'GET', `${CLIENTS}/${encodeURIComponent(id)}${suffix}`);
        expect(res.status, `${id}${suffix}`).toBe(404);
      }
      expect(
        (await send(server, user, 'POST', `${CLIENTS}/${encodeURIComponent(id)}/rotate-secret`)).status,
      ).toBe(404);
    }
  });
});

describe('authentication', () => {
  it('answers 401 to anonymous callers, with the SPEC wording on registration', async () => {
    const id = '00000000-0000-0000-0000-000000000000';
    for (const [method, path] of [
      ['GET', CLIENTS],
      ['GET', DEVELOPER_API.newest],
      ['GET', `${CLIENTS}/${id}`],
      ['GET', `${CLIENTS}/${id}/secret`],
      ['POST', `${CLIENTS}/${id}/rotate-secret`],
      ['GET', `${CLIENTS}/${id}/stats`],
      ['PATCH', `${CLIENTS}/${id}/settings`],
    ] as const) {
      expect((await send(server, undefined, method, path)).status, `${method} ${path}`).toBe(401);
    }
    const res = await send(server, undefined, 'POST', CLIENTS, validClient());
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe(MESSAGES.mustBeLoggedInToRegister);
    const forged = await server.fetch(CLIENTS, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
  });

  it('needs a verified e-mail address', async () => {
    const user = await createUser(server, { verified: false });
    const res = await send(server, user, 'POST', CLIENTS, validClient());
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('email_not_confirmed');
  });
});
