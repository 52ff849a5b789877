import { DEVICE_CODE_GRANT } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverWithApp } from '../developer/helpers';
import { askForDeviceCode, decideOnDevicePage } from '../oauth/device';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { dpopKey, dpopProof, setSecurity } from './fixture';

/*
 * The engine takes a DPoP proof while its `iat` is within 300 s of now, either way, and Omnia one
 * dated at most 60 s ahead (dpop-clock.ts), so a proof stamped ahead (a device whose clock runs
 * fast) is good for up to 360 s from its first use. Its replay record must last that long: kept
 * only the engine's 300 s, the same proof passed again once the record expired.
 */
let server: TestServer;
let owner: TestUser;
let app: OAuthClient;

beforeAll(async () => {
  ({ server, owner, app } = await serverWithApp({ app_type: 'device', name: 'TV', redirect_uris: [] }));
  await setSecurity(server, owner, { clientId: app.client_id }, { require_dpop: true });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function deviceToken(key: Awaited<ReturnType<typeof dpopKey>>) {
  const started = (await (await askForDeviceCode(server, app.client_id)).json()) as {
    device_code: string;
    user_code: string;
  };
  await decideOnDevicePage(server, owner, started.user_code, true);
  const res = await server.fetch('/oauth2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      dpop: await dpopProof(key, 'POST', `${server.url}/oauth2/token`),
    },
    body: new URLSearchParams({
      grant_type: DEVICE_CODE_GRANT,
      device_code: started.device_code,
      client_id: app.client_id,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('a DPoP proof stamped ahead', () => {
  it('is refused again for as long as the engine would take it', async () => {
    const key = await dpopKey();
    const accessToken = await deviceToken(key);
    const htu = `${server.url}/oauth2/userinfo`;
    const proof = await dpopProof(key, 'GET', htu, { accessToken, iat: Math.floor(Date.now() / 1000) + 55 });
    const call = () =>
      server.fetch('/oauth2/userinfo', { headers: { authorization: `DPoP ${accessToken}`, dpop: proof } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(401);

    // 301 s later, for the process and for the database: the proof's `iat` is 246 s old. PGlite
    // keeps the process's clock; a PostgreSQL server keeps its own, so its records move back.
    const db = server.deps.dbHandle.db;
    const dbNow = async () =>
      (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]?.now.getTime() ?? 0;
    const before = await dbNow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    if ((await dbNow()) - before < 301_000)
      await db
        .updateTable('oidc_models')
        .set({ expires_at: sql<Date>`expires_at - interval '301 seconds'` })
        .where('model', '=', 'ReplayDetection')
        .execute();
    expect((await call()).status).toBe(401);
  });
});
