import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH_FAILURES } from '../../src/modules/oauth/client-auth-limit';
import { approvedApp, validClient } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/**
 * Every endpoint that authenticates an app (token, introspection, revocation, PAR, device
 * authorization) counts its failures per app and client address; past the budget that app's
 * failures from that address are answered 429. Its right secret is never refused, other apps and
 * addresses keep their own budgets.
 */
let server: TestServer;
beforeAll(async () => {
  // Each test speaks from its own address (X-Forwarded-For).
  server = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const ENDPOINTS = [
  ['/oauth2/token', 'grant_type=client_credentials'],
  ['/oauth2/introspect', 'token=abc'],
  ['/oauth2/revoke', 'token=abc'],
  ['/oauth2/par', 'response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fapp.example.test%2Fcb'],
  ['/oauth2/device/auth', 'scope=openid'],
] as const;

function post(path: string, body: string, ip: string, authorization?: string) {
  return server.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ip,
      ...(authorization ? { authorization } : {}),
    },
    body,
  });
}

/** An approved service (client credentials) of a new owner: its id and secret. */
async function serviceApp(name: string) {
  const owner = await createUser(server);
  const app = validClient({ app_type: 'service', name, redirect_uris: [], allowed_scopes: [] });
  return (await approvedApp(server, owner, app)).client;
}

describe('failed client authentications', () => {
  it('are counted per app and address on every authenticating endpoint; past the budget its failures get 429, its right secret still works', async () => {
    const client = await serviceApp('Worker');
    const neighbour = await serviceApp('Neighbour');
    const ip = '203.0.113.61';
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES.points; i++) {
      const [path, body] = ENDPOINTS[i % ENDPOINTS.length] ?? ENDPOINTS[0];
      // Half by the header, half in the body (client_secret_post).
      const res =
        i % 2
          ? await post(path, body, ip, basic(client.clientId, `wrong-${i}`))
          : await post(path, `${body}&client_id=${client.clientId}&client_secret=wrong-${i}`, ip);
      statuses.push(res.status);
    }
    expect(
      statuses.every((s) => s === 401 || s === 400),
      JSON.stringify(statuses),
    ).toBe(true);

    for (const [path, body] of ENDPOINTS) {
      const refused = await post(path, body, ip, basic(client.clientId, 'wrong again'));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    }
    // A stranger sharing the address cannot lock the app out: its right secret is never refused.
    const introspected = await post(
      '/oauth2/introspect',
      'token=abc',
      ip,
      basic(client.clientId, client.clientSecret),
    );
    expect(introspected.status).toBe(200);
    for (const [path, body] of ENDPOINTS)
      expect((await post(path, body, ip, basic(client.clientId, client.clientSecret))).status).not.toBe(429);
    // Another app from the same address, and the app from another address, keep their budgets.
    expect(
      (await post('/oauth2/token', 'grant_type=client_credentials', ip, basic(neighbour.clientId, 'x')))
        .status,
    ).toBe(401);
    expect(
      (
        await post(
          '/oauth2/token',
          'grant_type=client_credentials',
          '203.0.113.62',
          basic(client.clientId, 'x'),
        )
      ).status,
    ).toBe(401);
  });

  it('unknown clients share one budget per address, apart from the apps there', async () => {
    const client = await serviceApp('Bystander');
    const ip = '203.0.113.64';
    for (let i = 0; i < CLIENT_AUTH_FAILURES.points; i++)
      expect(
        (await post('/oauth2/introspect', 'token=abc', ip, basic(`no-such-client-${i}`, 'x'))).status,
      ).toBe(401);
    expect((await post('/oauth2/introspect', 'token=abc', ip, basic('yet-another', 'x'))).status).toBe(429);
    expect((await post('/oauth2/introspect', 'token=abc', ip, basic(client.clientId, 'x'))).status).toBe(401);
  });

  it('a single-page app reads the 429 and its Retry-After from its own origin', async () => {
    const owner = await createUser(server);
    const origin = 'https://notes.spa.example';
    const { client } = await approvedApp(
      server,
      owner,
      validClient({ app_type: 'spa', name: 'Notes', redirect_uris: [`${origin}/callback`] }),
    );
    // A public client sending a secret: the engine refuses the mechanism (invalid_client).
    const send = () =>
      server.fetch('/oauth2/token', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.65',
          origin,
        },
        body: `grant_type=authorization_code&code=abc&client_id=${client.clientId}&client_secret=nope`,
      });
    for (let i = 0; i < CLIENT_AUTH_FAILURES.points; i++) expect((await send()).status).toBe(401);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    expect(refused.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
  });

  it('successful authentications are not counted', async () => {
    const client = await serviceApp('Busy worker');
    const ip = '203.0.113.63';
    for (let i = 0; i < CLIENT_AUTH_FAILURES.points + 5; i++) {
      const res = await post(
        '/oauth2/introspect',
        'token=abc',
        ip,
        basic(client.clientId, client.clientSecret),
      );
      expect(res.status).toBe(200);
    }
  });
});
