import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH_FAILURES } from '../../src/modules/oauth/client-auth-limit';
import { approvedApp, validClient } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/**
 * Every endpoint that authenticates an app (token, introspection, revocation, PAR, device
 * authorization) counts its failures per client address; past the budget the address is refused,
 * the right secret included, and other addresses are not.
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

describe('failed client authentications', () => {
  it('are counted on every authenticating endpoint; past the budget the address is refused, the right secret too, and others are not', async () => {
    const owner = await createUser(server);
    const { client } = await approvedApp(
      server,
      owner,
      validClient({ app_type: 'service', name: 'Worker', redirect_uris: [], allowed_scopes: [] }),
    );
    const ip = '203.0.113.61';
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES.points; i++) {
      const [path, body] = ENDPOINTS[i % ENDPOINTS.length] ?? ENDPOINTS[0];
      // Half by the header, half in the body (client_secret_post), and an unknown client now and then.
      const res =
        i % 2
          ? await post(path, body, ip, basic(i % 7 ? client.clientId : 'no-such-client', `wrong-${i}`))
          : await post(path, `${body}&client_id=${client.clientId}&client_secret=wrong-${i}`, ip);
      statuses.push(res.status);
    }
    expect(
      statuses.every((s) => s === 401 || s === 400),
      JSON.stringify(statuses),
    ).toBe(true);

    const refused = await post(
      '/oauth2/token',
      'grant_type=client_credentials',
      ip,
      basic(client.clientId, client.clientSecret),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    for (const [path, body] of ENDPOINTS)
      expect((await post(path, body, ip, basic(client.clientId, client.clientSecret))).status).toBe(429);

    const elsewhere = await post(
      '/oauth2/introspect',
      'token=abc',
      '203.0.113.62',
      basic(client.clientId, client.clientSecret),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('successful authentications are not counted', async () => {
    const owner = await createUser(server);
    const { client } = await approvedApp(
      server,
      owner,
      validClient({ app_type: 'service', name: 'Busy worker', redirect_uris: [], allowed_scopes: [] }),
    );
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
