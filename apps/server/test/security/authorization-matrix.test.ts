import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/**
 * Every authenticated API route, called as anonymous, as a signed-in but unverified account, as
 * another user (for owner-only resources) and as the owner: each gets exactly the documented
 * answer, and a refusal changes nothing.
 */
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let unverified: TestUser;
let clientRowId: string;
let clientId: string;
let ownerOtherSession: string;
/** A notice of the owner's (the e-mail change below writes one; this one is written up front). */
let ownerNotice: string;

const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });

interface Route {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: unknown;
  /** Owner-only resource: another user gets 404. */
  owned?: boolean;
  ok: number;
}

const routes: Route[] = [
  { method: 'GET', path: () => '/api/me/profile', ok: 200 },
  { method: 'GET', path: () => '/api/me/preferences', ok: 200 },
  { method: 'PUT', path: () => '/api/me/preferences', body: { theme: 'light', language: 'fr' }, ok: 200 },
  { method: 'GET', path: () => '/api/me/interests', ok: 200 },
  { method: 'GET', path: () => '/api/me/claims', ok: 200 },
  { method: 'GET', path: () => '/api/me/session-logs', ok: 200 },
  { method: 'GET', path: () => '/api/me/sessions', ok: 200 },
  { method: 'GET', path: () => '/api/me/security-events', ok: 200 },
  { method: 'GET', path: () => '/api/me/notifications', ok: 200 },
  { method: 'POST', path: () => '/api/me/notifications/read-all', ok: 200 },
  { method: 'POST', path: () => `/api/me/notifications/${ownerNotice}/read`, owned: true, ok: 200 },
  { method: 'GET', path: () => '/api/me/connected-apps', ok: 200 },
  { method: 'GET', path: () => '/api/me/account/export', ok: 200 },
  {
    method: 'POST',
    path: () => '/api/me/account/email',
    get body() {
      return { email: 'matrix-new@example.test', password: owner.password };
    },
    ok: 202,
  },
  { method: 'GET', path: () => '/api/me/factors', ok: 200 },
  { method: 'GET', path: () => '/api/me/passkeys', ok: 200 },
  { method: 'GET', path: () => '/api/profiles/username-available?username=someone_new', ok: 200 },
  { method: 'GET', path: () => '/api/developer/clients', ok: 200 },
  { method: 'GET', path: () => '/api/developer/clients/newest', ok: 200 },
  { method: 'GET', path: () => `/api/developer/clients/${clientRowId}`, owned: true, ok: 200 },
  { method: 'GET', path: () => `/api/developer/clients/${clientRowId}/secret`, owned: true, ok: 200 },
  { method: 'GET', path: () => `/api/developer/clients/${clientRowId}/stats`, owned: true, ok: 200 },
  { method: 'POST', path: () => `/api/developer/clients/${clientRowId}/rotate-secret`, owned: true, ok: 200 },
  {
    method: 'PATCH',
    path: () => `/api/developer/clients/${clientRowId}/settings`,
    body: { require_pkce: false, post_logout_redirect_uris: ['https://m.example/bye'] },
    owned: true,
    ok: 200,
  },
  {
    method: 'PATCH',
    path: () => `/api/developer/clients/${clientRowId}`,
    body: {
      name: 'Matrix App',
      description: 'Edited',
      logo_url: null,
      redirect_uris: ['https://m.example/cb2'],
      allowed_scopes: ['email'],
    },
    owned: true,
    ok: 200,
  },
  { method: 'DELETE', path: () => `/api/me/sessions/${ownerOtherSession}`, owned: true, ok: 204 },
  // Last: the owner's call deletes the client the routes above use.
  {
    method: 'DELETE',
    path: () => `/api/developer/clients/${clientRowId}`,
    body: { confirm: 'Matrix App' },
    owned: true,
    ok: 204,
  },
];

async function call(route: Route, who: TestUser | null) {
  const headers: Record<string, string> = who ? { ...who.authHeader } : {};
  const init: RequestInit = { method: route.method, headers };
  if (route.body !== undefined) {
    const { body, ...h } = json(route.body);
    Object.assign(headers, h);
    init.body = body;
  }
  return server.fetch(route.path(), init);
}

async function clientState() {
  return (
    server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      // Every column, the per-client settings included.
      .selectAll()
      .where('id', '=', clientRowId)
      .executeTakeFirstOrThrow()
  );
}

/** The owner's notices, read or not. */
function noticesState() {
  return server.deps.dbHandle.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', owner.id)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  stranger = await createUser(server);
  unverified = await createUser(server, { verified: false });
  const reg = await server.fetch('/api/developer/clients', {
    method: 'POST',
    headers: { ...owner.authHeader, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Matrix App',
      redirect_uris: ['https://m.example/cb'],
      allowed_scopes: ['email'],
    }),
  });
  const { client } = (await reg.json()) as { client: { id: string; client_id: string } };
  clientRowId = client.id;
  clientId = client.client_id;
  const login = await server.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'second browser' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(login.status).toBe(200);
  const sessions = (await (await server.fetch('/api/me/sessions', { headers: owner.authHeader })).json()) as {
    sessions: { id: string; current: boolean }[];
  };
  ownerOtherSession = sessions.sessions.find((s) => !s.current)?.id ?? '';
  // A sign-in from a device the account has not used writes the owner a notice.
  const firefox = await server.fetch('/api/auth/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(firefox.status).toBe(200);
  const notices = (await (
    await server.fetch('/api/me/notifications', { headers: owner.authHeader })
  ).json()) as {
    notifications: { id: string }[];
  };
  ownerNotice = notices.notifications[0]?.id ?? '';
  expect(ownerNotice).not.toBe('');
}, 60_000);
afterAll(() => server?.close());

describe.each(routes)('$method $path', (route) => {
  it('anonymous: 401 unauthenticated', async () => {
    const res = await call(route, null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });
  it('signed in, e-mail not verified: 403 email_not_confirmed', async () => {
    const res = await call(route, unverified);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('email_not_confirmed');
  });
  if (route.owned)
    it('another user: 404, and nothing changes', async () => {
      const before = [await clientState(), await noticesState()];
      const res = await call(route, stranger);
      expect(res.status).toBe(404);
      expect([await clientState(), await noticesState()]).toEqual(before);
    });
  it(`owner: ${route.ok}`, async () => {
    const res = await call(route, owner);
    expect(res.status).toBe(route.ok);
  });
});

describe('refusals leave no trace', () => {
  it("a stranger's sign-out attempt left the owner's other session alive until the owner ended it", async () => {
    const row = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', ownerOtherSession)
      .executeTakeFirstOrThrow();
    // The owner's DELETE (last in the table) revoked it; the stranger's 404 did not.
    expect(row.revoked_at).not.toBeNull();
    const events = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select('user_id')
      .where('kind', '=', 'session_signed_out')
      .execute();
    expect(events.map((e) => e.user_id)).toEqual([owner.id]);
  });
  it("a stranger cannot revoke someone's app grant by client_id", async () => {
    const res = await server.fetch(`/api/me/connected-apps/${clientId}`, {
      method: 'DELETE',
      headers: stranger.authHeader,
    });
    expect(res.status).toBe(404);
  });
});
