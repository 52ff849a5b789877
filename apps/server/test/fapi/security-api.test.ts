import { DEFAULT_CLIENT_SECURITY } from '@omnia/contracts/client-security';
import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, insertClient, type TestClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { clientKeys, putSecurity } from './fixture';

/** PUT …/security: the app's page sets its profile; what does not suit the app is refused and changes nothing. */
let server: TestServer;
let owner: TestUser;
let app: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  app = await insertClient(server, owner, { name: 'Bank' });
});
afterAll(() => server?.close());

const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
const stored = (client: TestClient = app) =>
  server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .select('security')
    .where('client_id', '=', client.clientId)
    .executeTakeFirstOrThrow()
    .then((r) => r.security);

describe('an app’s security profile', () => {
  it('is saved whole, shows on the app, and is in its history', async () => {
    const { jwks } = await clientKeys('PS256');
    const res = await putSecurity(server, owner, app, { fapi_2: true, auth_method: 'private_key_jwt', jwks });
    expect(res.status).toBe(200);
    const { client } = (await res.json()) as { client: { id: string; security: Record<string, unknown> } };
    expect(client.security).toEqual({
      require_par: false,
      require_dpop: false,
      fapi_2: true,
      auth_method: 'private_key_jwt',
      jwks,
      jwks_uri: null,
    });
    const history = async () =>
      (
        (await (
          await server.fetch(DEVELOPER_API.history(client.id), { headers: owner.authHeader })
        ).json()) as {
          changes: { fields: string[] }[];
        }
      ).changes;
    expect((await history())[0]?.fields).toEqual(['security']);
    // Saved again as it is (the stored keys read back with their members reordered): no change.
    const count = (await history()).length;
    expect((await putSecurity(server, owner, app, client.security)).status).toBe(200);
    expect(await history()).toHaveLength(count);
  });

  it('refuses private keys, a bad set, an http URL, both sources, FAPI without keys; nothing changes', async () => {
    const before = await stored();
    const { jwks } = await clientKeys('ES256');
    const withPrivate = { keys: [{ ...jwks.keys[0], d: 'c2VjcmV0' }] };
    const cases: [object, string, string][] = [
      [{ auth_method: 'private_key_jwt', jwks: withPrivate }, 'jwks', MESSAGES.jwksPrivateKey],
      [
        { auth_method: 'private_key_jwt', jwks: { keys: [{ kty: 'oct', k: 'x' }] } },
        'jwks',
        MESSAGES.jwksPrivateKey,
      ],
      [{ auth_method: 'private_key_jwt', jwks: { keys: [{ kty: 'RSA' }] } }, 'jwks', MESSAGES.jwksInvalid],
      [{ auth_method: 'private_key_jwt', jwks: { keys: [] } }, 'jwks', MESSAGES.jwksInvalid],
      [
        { auth_method: 'private_key_jwt', jwks_uri: 'http://keys.example/jwks' },
        'jwks_uri',
        MESSAGES.jwksUriInvalid,
      ],
      [
        { auth_method: 'private_key_jwt', jwks, jwks_uri: 'https://keys.example/jwks' },
        'jwks_uri',
        MESSAGES.jwksOneSource,
      ],
      [{ auth_method: 'private_key_jwt' }, 'jwks', MESSAGES.privateKeyJwtNeedsKeys],
      [{ fapi_2: true }, 'auth_method', MESSAGES.fapiNeedsPrivateKeyJwt],
    ];
    for (const [profile, field, message] of cases) {
      const res = await putSecurity(server, owner, app, profile);
      expect(res.status, JSON.stringify(profile)).toBe(400);
      expect((await fieldsOf(res))[field], JSON.stringify(profile)).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses what the kind of app cannot do', async () => {
    const spa = await insertClient(server, owner, { name: 'Device', device: true });
    const { jwks } = await clientKeys();
    const keys = await putSecurity(server, owner, spa, { auth_method: 'private_key_jwt', jwks });
    expect(await fieldsOf(keys)).toEqual({ auth_method: MESSAGES.privateKeyJwtConfidential });
    const par = await putSecurity(server, owner, spa, { require_par: true });
    expect(await fieldsOf(par)).toEqual({ require_par: MESSAGES.parNeedsRedirects });
    // Every field's problem is named at once.
    const fapi = await putSecurity(server, owner, spa, {
      fapi_2: true,
      auth_method: 'private_key_jwt',
      jwks,
    });
    expect(await fieldsOf(fapi)).toEqual({
      auth_method: MESSAGES.privateKeyJwtConfidential,
      fapi_2: MESSAGES.fapiWebOnly,
    });
    // DPoP suits every kind of app.
    expect((await putSecurity(server, owner, spa, { require_dpop: true })).status).toBe(200);
  });

  it('keeps the FAPI 2.0 profile to web applications: a service is refused, nothing changes', async () => {
    const { jwks } = await clientKeys();
    const fapi = { fapi_2: true, auth_method: 'private_key_jwt' as const, jwks };
    // A service keeps a secret and may use a private key, but sends no one through an authorization.
    const service = await insertClient(server, owner, { name: 'Batch job', service: true });
    const before = await stored(service);
    const refused = await putSecurity(server, owner, service, fapi);
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual({ fapi_2: MESSAGES.fapiWebOnly });
    expect(await stored(service)).toEqual(before);
    // Without the profile, the service may use its private key.
    const { fapi_2: _, ...keysOnly } = fapi;
    expect((await putSecurity(server, owner, service, keysOnly)).status).toBe(200);
    // The same profile suits a web application.
    expect((await putSecurity(server, owner, app, fapi)).status).toBe(200);
  });

  it('going back from a private key to a secret makes a new secret: the old one stays dead', async () => {
    const keyed = await insertClient(server, owner, { name: 'Back and forth' });
    const { jwks } = await clientKeys('ES256');
    expect((await putSecurity(server, owner, keyed, { auth_method: 'private_key_jwt', jwks })).status).toBe(
      200,
    );
    expect((await putSecurity(server, owner, keyed, { auth_method: 'secret', jwks })).status).toBe(200);
    const old = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(keyed) },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(old.status).toBe(401);
    const { id } = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', keyed.clientId)
      .executeTakeFirstOrThrow();
    const shown = (await (
      await server.fetch(DEVELOPER_API.secret(id), { headers: owner.authHeader })
    ).json()) as {
      client_secret: string;
    };
    expect(shown.client_secret).not.toBe(keyed.clientSecret);
    const fresh = await server.fetch('/oauth2/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth(keyed, shown.client_secret),
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(await fresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('is nobody else’s to read or change', async () => {
    const stranger = await createUser(server);
    const { id } = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', app.clientId)
      .executeTakeFirstOrThrow();
    const res = await server.fetch(DEVELOPER_API.security(id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...stranger.authHeader },
      body: JSON.stringify({ ...DEFAULT_CLIENT_SECURITY, require_dpop: true }),
    });
    expect(res.status).toBe(404);
    expect(await stored()).toMatchObject({ fapi_2: true });
  });
});
