import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { DEVICE_CODE_GRANT } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, serverWithApp } from '../developer/helpers';
import type { TestServer } from '../support/test-server';
import { secondSessionOf, type TestUser } from '../support/users';
import { ORDERS, ordersApi } from './apis';
import { decideOnDevicePage } from './device';

/*
 * A TV's sign-in outlives the phone's Omnia sign-in that approved it (device-sign-ins.test.ts),
 * and so do its JWT access tokens for a developer's API: their records (api-token-records.ts) are
 * spared by the phone's sign-out like the TV's other tokens.
 */
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let api: ApiCreatedResponse;
beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'device',
    name: 'Orders for TV',
    redirect_uris: [],
  }));
  const created = await send(server, owner, 'POST', DEVELOPER_APIS_API.apis, ordersApi());
  expect(created.status).toBe(201);
  api = (await created.json()) as ApiCreatedResponse;
});
afterAll(() => server?.close());

const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body),
});
/** The API's own introspection (with its credential) of a token: whether it counts. */
const activeAtApi = async (token: string) => {
  const credential = Buffer.from(`${api.api.credential_id}:${api.credential_secret}`).toString('base64');
  const res = await server.fetch('/oauth2/introspect', {
    ...form({ token }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${credential}` },
  });
  return ((await res.json()) as { active: boolean }).active;
};

describe("a TV's token for a developer's API", () => {
  it('still counts after the phone that approved the TV signs out of Omnia', async () => {
    const phone = await secondSessionOf(server, owner);
    const started = (await (
      await server.fetch(
        '/oauth2/device/auth',
        form({ client_id: app.client_id, scope: 'openid orders:read', resource: ORDERS }),
      )
    ).json()) as { device_code: string; user_code: string };
    await decideOnDevicePage(server, phone, started.user_code, true);
    const polled = await server.fetch(
      '/oauth2/token',
      form({
        grant_type: DEVICE_CODE_GRANT,
        device_code: started.device_code,
        client_id: app.client_id,
        resource: ORDERS,
      }),
    );
    expect(polled.status).toBe(200);
    const tv = (await polled.json()) as { access_token: string };
    expect(await activeAtApi(tv.access_token)).toBe(true);

    const out = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: phone.refreshCookie },
    });
    expect(out.status).toBe(204);
    expect(await activeAtApi(tv.access_token)).toBe(true);
  });
});
