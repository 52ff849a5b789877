import type { ConsentDetails, OAuthClient } from '@omnia/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWithApp } from '../developer/helpers';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { askForDeviceCode, locationOf, typeCode } from './device';
import { CookieJar } from './flow';

/*
 * The consent card of a device sign-in says where it was asked from (RFC 8628 §5.4): whoever starts
 * one writes its User-Agent, so the card names only a browser and system the parser knows, never
 * the header's own words (as sign-in mails do).
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
