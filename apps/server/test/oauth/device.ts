import { DEVICE_CODE_GRANT } from '@omnia/contracts/constants';
import { type ConsentDetails, shownOf } from '@omnia/contracts/developer';
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { CookieJar } from './flow';

/** The device grant as the tests drive it (RFC 8628): the page's form, the consent, the poll. */

export const locationOf = (server: TestServer, res: Response) =>
  new URL(res.headers.get('location') ?? '', server.url);

/** The device page's form, as our page sends it: the engine's xsrf, the code, `confirm`. */
export async function typeCode(server: TestServer, jar: CookieJar, userCode: string) {
  const page = locationOf(server, await jar.fetch(server, '/oauth2/device'));
  expect(page.pathname).toBe('/device');
  return jar.fetch(server, '/oauth2/device', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      xsrf: page.searchParams.get('xsrf') ?? '',
      user_code: userCode,
      confirm: 'yes',
    }),
  });
}

/** Types the code, reads the consent screen, decides, and follows the engine to the page's end. */
export async function decideOnDevicePage(
  server: TestServer,
  user: TestUser,
  userCode: string,
  approved: boolean,
) {
  const jar = CookieJar.of(user);
  const typed = await typeCode(server, jar, userCode);
  const uid = locationOf(server, typed).pathname.match(/^\/oauth2\/consent\/([\w-]+)$/)?.[1];
  if (!uid) throw new Error(`no consent screen: ${typed.status} ${locationOf(server, typed)}`);
  const detailsRes = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  const details = (await detailsRes.json()) as ConsentDetails;
  const decision = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify(approved ? { approved, shown: shownOf(details) } : { approved }),
  });
  let next = ((await decision.json()) as { redirect_to: string }).redirect_to;
  for (let i = 0; i < 5 && !next.startsWith('/device'); i++) {
    const end = locationOf(server, await jar.fetch(server, next));
    next = `${end.pathname}${end.search}`;
  }
  return { details, end: new URL(next, server.url) };
}

/** What a device sends: `POST /oauth2/device/auth` (the raw response). */
export const askForDeviceCode = (
  server: TestServer,
  clientId: string,
  headers: Record<string, string> = {},
) =>
  server.fetch('/oauth2/device/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ client_id: clientId, scope: 'openid' }),
  });

/** One poll of the token endpoint with a device code (the raw response). */
export const pollDevice = (server: TestServer, clientId: string, deviceCode: string) =>
  server.fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: DEVICE_CODE_GRANT,
      device_code: deviceCode,
      client_id: clientId,
    }),
  });
