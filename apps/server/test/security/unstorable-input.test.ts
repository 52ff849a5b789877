import { DEVICE_PAGE, DEVICE_VERIFICATION } from '@omnia/contracts/device';
import { describe, expect, it } from 'vitest';
import { ENGINE_ROUTES } from '../../src/modules/oauth/engine-constants';
import { authorizeUrl, pkce, useClientWorld } from '../oauth/flow';

/**
 * Text PostgreSQL cannot store, sent where nobody signed in is needed (the OAuth endpoints) or in
 * a path: always a 4xx, never a 500; and what an anonymous visitor makes the engine keep is short-lived.
 * Found by an outside review of what a browser can send.
 */
const w = useClientWorld();

const form = (path: string, body: Record<string, string>) =>
  w.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  });

describe('text PostgreSQL cannot store, at the OAuth endpoints and in paths', () => {
  it('a NUL in client_id is an unknown w.client at every endpoint that reads one', async () => {
    const nul = { client_id: '\u0000', client_secret: 'x' };
    for (const path of [
      ENGINE_ROUTES.token,
      ENGINE_ROUTES.pushed_authorization_request,
      ENGINE_ROUTES.revocation,
      ENGINE_ROUTES.introspection,
      ENGINE_ROUTES.device_authorization,
    ]) {
      const res = await form(path, { ...nul, grant_type: 'client_credentials', token: 'x' });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const logout = await w.server.fetch(`${ENGINE_ROUTES.end_session}?client_id=%00`, { redirect: 'manual' });
    expect(logout.status).toBeLessThan(500);
  });

  it('a NUL or a broken surrogate in what the engine keeps of a request is refused, not a 500', async () => {
    for (const query of ['state=%00', 'state=%ED%A0%80', 'state=a%00b']) {
      const res = await w.server.fetch(`${ENGINE_ROUTES.end_session}?${query}`, { redirect: 'manual' });
      expect(res.status, query).toBeLessThan(500);
    }
    const authorize = await w.server.fetch(`${authorizeUrl(w.client, pkce())}&nonce=%00`, {
      headers: w.user.authHeader,
      redirect: 'manual',
    });
    expect(authorize.status).toBeLessThan(500);
  });

  it('a path naming something with a NUL names nothing', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/me/connected-apps/%00'],
      ['PATCH', '/api/me/passkeys/%00'],
      ['DELETE', '/api/me/passkeys/%00'],
    ] as const) {
      const res = await w.server.fetch(path, {
        method,
        headers: { 'content-type': 'application/json', ...w.user.authHeader },
        body: method === 'PATCH' ? JSON.stringify({ name: 'x' }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('what an anonymous visitor makes the engine keep', () => {
  it("a code posted without the device page's session, or with a forged one, goes back to the page", async () => {
    const res = await form(DEVICE_VERIFICATION, { user_code: 'BCDF-GHJK', xsrf: 'x' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(DEVICE_PAGE);
    const forged = await w.server.fetch(DEVICE_VERIFICATION, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: '_session=abc' },
      body: new URLSearchParams({ user_code: 'BCDF-GHJK', xsrf: 'x' }).toString(),
      redirect: 'manual',
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe(DEVICE_PAGE);
    const resumed = await w.server.fetch(`${DEVICE_VERIFICATION}/anything`, { redirect: 'manual' });
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get('location')).toBe(DEVICE_PAGE);
  });

  it('the session of a page nobody signed in to lasts an hour, not two weeks', async () => {
    const before = await w.server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select('id')
      .where('model', '=', 'Session')
      .execute();
    const page = await w.server.fetch(DEVICE_VERIFICATION, { redirect: 'manual' });
    expect(page.status).toBeLessThan(500);
    const made = await w.server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select(['id', 'expires_at'])
      .where('model', '=', 'Session')
      .where('id', 'not in', before.map((r) => r.id).concat(['']))
      .execute();
    expect(made).toHaveLength(1);
    const left = new Date(made[0]?.expires_at ?? 0).getTime() - Date.now();
    expect(left).toBeGreaterThan(50 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
  });
});
