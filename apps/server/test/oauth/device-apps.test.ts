import { MESSAGES } from '@omnia/contracts';
import type { ConsentDetails, OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_POLL_INTERVAL } from '../../src/modules/oauth/device-polling';
import { DEVICE_CODE_TRIES, DEVICE_CODES_ASKED } from '../../src/modules/oauth/engine';
import { send, serverWithApp, validClient } from '../developer/helpers';
import { CookieJar } from '../interop/support';
import type { TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  askForDeviceCode,
  decideOnDevicePage as decideOn,
  locationOf,
  pollDevice,
  typeCode as typeCodeOn,
} from './device';

/*
 * Devices and command-line tools (RFC 8628): the device asks for a code, the person
 * types it on Omnia's device page, sees the app and the device on the consent screen and decides;
 * the device polls the token endpoint until then.
 */
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;
let clientId: string;
let config: oidc.Configuration;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({
    app_type: 'device',
    name: 'Notes for TV',
    redirect_uris: [],
  }));
  clientId = app.client_id;
  config = await oidc.discovery(new URL(server.url), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
});
afterAll(() => server?.close());

const location = (res: Response) => locationOf(server, res);
const typeCode = (jar: CookieJar, userCode: string) => typeCodeOn(server, jar, userCode);
const decideOnDevicePage = (user: TestUser, userCode: string, approved: boolean) =>
  decideOn(server, user, userCode, approved);
const poll = (deviceCode: string) => pollDevice(server, clientId, deviceCode);

describe('a device app', () => {
  it('is advertised, and signs in with openid-client once the person approves on the device page', async () => {
    const discovery = (await (await server.fetch('/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(discovery.device_authorization_endpoint).toBe(`${server.url}/oauth2/device/auth`);
    expect(discovery.grant_types_supported).toContain('urn:ietf:params:oauth:grant-type:device_code');

    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile' });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${server.url}/oauth2/device`);
    expect(started.interval).toBe(DEVICE_POLL_INTERVAL);
    // Neither code is stored in the clear (store/device-codes.ts).
    const rows = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select(['id', 'uid', 'payload'])
      .where('model', '=', 'DeviceCode')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(started.device_code);
    expect(stored).not.toContain(started.user_code.replace('-', ''));

    // The link with the code opens our page with the code typed, for the person to send.
    const link = location(
      await CookieJar.of(owner).fetch(
        server,
        new URL(started.verification_uri_complete ?? '').pathname +
          new URL(started.verification_uri_complete ?? '').search,
      ),
    );
    expect(link.pathname).toBe('/device');
    expect(link.searchParams.get('user_code')).toBe(started.user_code);

    const { details, end } = await decideOnDevicePage(owner, started.user_code.toLowerCase(), true);
    expect(details.client.name).toBe('Notes for TV');
    expect(details.device).toMatchObject({ user_code: started.user_code });
    // Where it asked from: its address (openid-client's User-Agent names no browser: none shown).
    expect(details.device?.ip).toBeTruthy();
    expect(details.device?.user_agent).toBeNull();
    expect(details.redirect_host).toBe('');
    expect(end.searchParams.get('done')).toBe('1');

    const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
    expect(tokens.claims()?.sub).toBe(owner.id);
    expect(tokens.refresh_token).toBeTruthy();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, owner.id);
    expect(info.name).toBe('Grace Hopper');
  });

  it('tells a device that polls too fast to slow down, and a denial reaches it as access_denied', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
    const first = await poll(started.device_code);
    expect(await first.json()).toMatchObject({ error: 'authorization_pending' });
    const second = await poll(started.device_code);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'slow_down' });

    const { end } = await decideOnDevicePage(owner, started.user_code, false);
    expect(end.searchParams.get('error')).toBe('denied');
    const denied = await poll(started.device_code);
    expect(await denied.json()).toMatchObject({ error: 'access_denied' });
    // Used: the code cannot be approved afterwards.
    const again = await typeCode(CookieJar.of(owner), started.user_code);
    expect(location(again).searchParams.get('error')).toBe('used');
  });

  it('asks every time, even after an approval', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile' });
    const jar = CookieJar.of(owner);
    const typed = await typeCode(jar, started.user_code);
    expect(location(typed).pathname).toMatch(/^\/oauth2\/consent\//);
    const uid = location(typed).pathname.split('/').pop() ?? '';
    const details = (await (
      await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: owner.authHeader })
    ).json()) as ConsentDetails;
    expect(details.redirect_to).toBeUndefined();
    expect(details.prompt).toBe('consent');
  });

  it('refuses a wrong code with its reason, and stops a guesser after a few tries', async () => {
    // The earlier tests typed codes from this address too: the guesser starts with none counted.
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-code:%').execute();
    const guesser = await createUser(server);
    const jar = CookieJar.of(guesser);
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await typeCode(jar, `BCDF-${'GHJKLMNP'.slice(i % 5, (i % 5) + 4)}`);
      statuses.push(location(res).searchParams.get('error') ?? 'none');
    }
    expect(statuses.slice(0, DEVICE_CODE_TRIES.points)).toEqual(
      Array(DEVICE_CODE_TRIES.points).fill('not_found'),
    );
    expect(statuses.slice(DEVICE_CODE_TRIES.points)).toEqual(
      Array(20 - DEVICE_CODE_TRIES.points).fill('too_many'),
    );
    expect(MESSAGES.deviceTooManyTries).toMatch(/Too many/);
  });

  it('counts only wrong codes: a household typing its devices’ right codes is never stopped', async () => {
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-code:%').execute();
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-auth:%').execute();
    const errors: (string | null)[] = [];
    for (let i = 0; i < DEVICE_CODE_TRIES.points + 2; i++) {
      const { user_code } = (await (await askForDeviceCode(server, clientId)).json()) as {
        user_code: string;
      };
      errors.push(location(await typeCode(CookieJar.of(owner), user_code)).searchParams.get('error'));
    }
    expect(errors).toEqual(Array(DEVICE_CODE_TRIES.points + 2).fill(null));
    // A wrong one after them still counts from nothing: the first is 'not_found', not 'too_many'.
    const wrong = await typeCode(CookieJar.of(owner), 'BCDF-GHJK');
    expect(location(wrong).searchParams.get('error')).toBe('not_found');
  });

  it('has no redirect URIs and no secret, and cannot use the authorization endpoint', async () => {
    const refused = await send(
      server,
      owner,
      'POST',
      '/api/developer/clients',
      validClient({ app_type: 'device', redirect_uris: ['https://tv.example/cb'] }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { fields: { redirect_uris: MESSAGES.deviceHasNoUris } },
    });
    const authorize = await CookieJar.of(owner).fetch(
      server,
      `/oauth2/authorize?${new URLSearchParams({ client_id: clientId, response_type: 'code', scope: 'openid', redirect_uri: 'https://tv.example/cb' })}`,
    );
    expect(location(authorize).pathname).toBe('/oauth2/consent/error');
  });

  it('shows the device address the server saw, not one the device wrote', async () => {
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-code:%').execute();
    const res = await askForDeviceCode(server, clientId, { 'x-forwarded-for': '203.0.113.9' });
    const started = (await res.json()) as { user_code: string };
    const jar = CookieJar.of(owner);
    const typed = await typeCode(jar, started.user_code);
    const uid = location(typed).pathname.split('/').pop() ?? '';
    const details = (await (
      await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: owner.authHeader })
    ).json()) as ConsentDetails;
    expect(details.device?.user_code).toBe(started.user_code);
    expect(details.device?.ip).not.toBe('203.0.113.9');
  });

  it('tells an expired code apart: expired_token to the device, "expired" on the page', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
    // Ten minutes later: the row and the engine's own expiry say so.
    await server.deps.dbHandle.db
      .updateTable('oidc_models')
      .set({
        expires_at: new Date(Date.now() - 1000),
        payload: sql`jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::int - 1))`,
      })
      .where('model', '=', 'DeviceCode')
      .where('client_id', '=', clientId)
      .execute();
    expect(await (await poll(started.device_code)).json()).toMatchObject({ error: 'expired_token' });
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-code:%').execute();
    const typed = await typeCode(CookieJar.of(owner), started.user_code);
    expect(location(typed).searchParams.get('error')).toBe('expired');
  });

  it('limits how many codes one address asks for', async () => {
    await server.deps.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'device-auth:%').execute();
    const ask = () => askForDeviceCode(server, clientId);
    const statuses: number[] = [];
    for (let i = 0; i < DEVICE_CODES_ASKED.points + 2; i++) statuses.push((await ask()).status);
    expect(statuses.slice(0, DEVICE_CODES_ASKED.points).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(DEVICE_CODES_ASKED.points)).toEqual([429, 429]);
  });
});
