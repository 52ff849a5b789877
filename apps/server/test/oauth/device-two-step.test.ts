import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, serverWithApp } from '../developer/helpers';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { askForDeviceCode, decideOnDevicePage, pollDevice } from './device';

/*
 * 'Require two-step verification' turned on ends the app's sign-ins made with one factor
 * (test/factors/acr.test.ts): a device code approved with one factor and not yet polled is one.
 */
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'device',
    name: 'Notes for TV',
    redirect_uris: [],
  }));
});
afterAll(() => server?.close());

describe("a device code approved with one factor just before 'Require two-step verification'", () => {
  it('gives the device nothing once it is turned on', async () => {
    const started = (await (await askForDeviceCode(server, app.client_id)).json()) as {
      device_code: string;
      user_code: string;
    };
    await decideOnDevicePage(server, owner, started.user_code, true);
    const saved = await send(server, owner, 'PATCH', DEVELOPER_API.settings(app.id), {
      require_two_step: true,
    });
    expect(saved.status).toBe(200);
    const polled = await pollDevice(server, app.client_id, started.device_code);
    expect(polled.status).toBe(400);
    expect(await polled.json()).not.toHaveProperty('access_token');
  });
});
