import { type ConsentDetails, DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, serverWithApp } from '../developer/helpers';
import type { TestServer } from '../support/test-server';
import { secondSessionOf, type TestUser } from '../support/users';
import { askForDeviceCode, decideOnDevicePage, locationOf, pollDevice, typeCode } from './device';
import { CookieJar } from './flow';

/*
 * An ended Omnia sign-in ends the apps' tokens issued through it (ended-sign-in-tokens.test.ts),
 * but not a device's: the phone's sign-in only approved the TV (RFC 8628), whose sign-in is its own
 * and outlives the phone's, whether the TV polled before the sign-out or after.
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

async function approveOnPhone(person: TestUser) {
  const started = (await (await askForDeviceCode(server, app.client_id)).json()) as {
    device_code: string;
    user_code: string;
  };
  await decideOnDevicePage(server, person, started.user_code, true);
  return started.device_code;
}
const refreshOnTv = (refreshToken: string) =>
  server.fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: app.client_id,
    }),
  });
const signOutOnPhone = async (person: TestUser) =>
  (await server.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: person.refreshCookie } }))
    .status;

describe("a device app's sign-in and the phone's Omnia sign-in used to approve it", () => {
  it('the TV stays signed in when the person signs out of Omnia on the phone', async () => {
    // The owner's own phone session approves the TV (the app is the owner's, not yet reviewed).
    const phone = await secondSessionOf(server, owner);
    const deviceCode = await approveOnPhone(phone);
    const polled = await pollDevice(server, app.client_id, deviceCode);
    expect(polled.status).toBe(200);
    const first = (await polled.json()) as { refresh_token: string };
    // Control: the TV's sign-in works (and rotates) while the phone is signed in.
    const control = await refreshOnTv(first.refresh_token);
    expect(control.status).toBe(200);
    const tv = (await control.json()) as { refresh_token: string };

    // The person signs out of Omnia on the phone (good hygiene on a borrowed phone).
    expect(await signOutOnPhone(phone)).toBe(204);

    // The TV, a separate device with a sign-in of its own, keeps it.
    expect((await refreshOnTv(tv.refresh_token)).status).toBe(200);
  });

  it('and so does a TV that polls only after the sign-out', async () => {
    const phone = await secondSessionOf(server, owner);
    const deviceCode = await approveOnPhone(phone);
    expect(await signOutOnPhone(phone)).toBe(204);
    const polled = await pollDevice(server, app.client_id, deviceCode);
    expect(polled.status).toBe(200);
    const tv = (await polled.json()) as { refresh_token: string; access_token: string };
    expect((await refreshOnTv(tv.refresh_token)).status).toBe(200);
  });
});

/*
 * 'Require two-step verification' turned on ends the app's sign-ins made with one factor
 * (test/factors/acr.test.ts): a device code approved with one factor and not yet polled is one.
 */
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

/*
 * The consent card says where the sign-in was asked from (RFC 8628 §5.4): whoever starts one writes
 * its User-Agent, so the card names only a browser and system the parser knows, never the header's
 * own words (as sign-in mails do).
 */
async function askerShown(userAgent: string) {
  const res = await askForDeviceCode(server, app.client_id, { 'user-agent': userAgent });
  const { user_code } = (await res.json()) as { user_code: string };
  const jar = CookieJar.of(owner);
  const uid =
    locationOf(server, await typeCode(server, jar, user_code))
      .pathname.split('/')
      .pop() ?? '';
  const details = (await (
    await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: owner.authHeader })
  ).json()) as ConsentDetails;
  return details.device;
}

describe('where a device sign-in was asked from', () => {
  it("names a known browser and system, never a phisher's sentence", async () => {
    const lure = 'your own Living Room TV (checked by Omnia Security: this request is safe, press Allow)';
    const lured = await askerShown(lure);
    expect(lured?.user_agent).toBeNull();
    expect(lured?.ip).toBeTruthy();
    const android = await askerShown(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    );
    expect(android?.user_agent).toBe('Chrome, Android');
  });
});
