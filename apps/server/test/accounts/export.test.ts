import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../developer/helpers';
import { authorizeAs, insertClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, signedInSecondsAgo, uniqueEmail } from '../support/users';

/** 'Download your data': everything stored about the person, and nobody else's. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/me/account/export', () => {
  it('one JSON file with the account, profile, sessions, history, apps (no secrets) and the avatar; recorded', async () => {
    const person = await createUser(server);
    const other = await createUser(server);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'me.png');
    expect(
      (await server.fetch('/api/me/avatar', { method: 'POST', headers: person.authHeader, body: form }))
        .status,
    ).toBe(200);
    const mine = await insertClient(server, person, { name: 'My App' });
    await authorizeAs(server, await insertClient(server, other, { name: 'Their App' }), person);

    const res = await server.fetch('/api/me/account/export', { headers: person.authHeader });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      account: { email: string };
      sessions: unknown[];
      sign_ins: unknown[];
      developer_apps: { client_id: string }[];
      authorized_apps: { name: string }[];
      app_usage_events: { app: string | null; action: string }[];
      notifications: { kind: string; data: Record<string, unknown> }[];
      avatar: { content_type: string; data_base64: string } | null;
    };
    expect(data.account.email).toBe(person.email);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sign_ins.length).toBeGreaterThan(0);
    expect(data.developer_apps.map((a) => a.client_id)).toEqual([mine.clientId]);
    expect(data.authorized_apps.map((a) => a.name)).toEqual(['Their App']);
    // What the app's statistics count of the person: theirs to read too.
    expect(data.app_usage_events).toContainEqual(
      expect.objectContaining({ app: 'Their App', action: 'consent_granted' }),
    );
    // The bell's notices are the person's data too.
    expect(data.notifications).toContainEqual(
      expect.objectContaining({ kind: 'app_authorized', data: { app: 'Their App' } }),
    );
    expect(data.avatar?.content_type).toBe('image/png');
    expect(
      Buffer.from(data.avatar?.data_base64 ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    for (const key of [
      'profile',
      'preferences',
      'interests',
      'service_claims',
      'second_factors',
      'security_activity',
    ])
      expect(data).toHaveProperty(key);
    // No secrets and nobody else's data.
    expect(text).not.toContain('client_secret');
    expect(text).not.toContain(mine.clientSecret);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(other.email);

    const events = await (
      await server.fetch('/api/me/security-events', { headers: person.authHeader })
    ).json();
    expect(JSON.stringify(events)).toContain('data_exported');
    expect((await server.fetch('/api/me/account/export')).status).toBe(401);
  });

  it("asks 'Confirm it’s you' of a sign-in older than ten minutes: a stolen access token alone takes nothing", async () => {
    const person = await createUser(server);
    await signedInSecondsAgo(server, person, 11 * 60);
    const refused = await server.fetch('/api/me/account/export', { headers: person.authHeader });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('step_up_required');
    const events = await (
      await server.fetch('/api/me/security-events', { headers: person.authHeader })
    ).json();
    expect(JSON.stringify(events)).not.toContain('data_exported');
    const confirmed = await postJson(
      server,
      '/api/auth/reauthenticate',
      { password: person.password },
      person.authHeader,
    );
    expect(confirmed.status).toBe(200);
    expect((await server.fetch('/api/me/account/export', { headers: person.authHeader })).status).toBe(200);
  });
});

describe('what else the file holds', () => {
  it('the change of address waiting for its link, and the registration tokens (never their value)', async () => {
    const person = await createUser(server);
    const created = await server.fetch(REGISTRATION_TOKENS_API.tokens, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...person.authHeader },
      body: JSON.stringify({ label: 'CI pipeline', lifetime: '7d', max_uses: 3 }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    // One change asked for and cancelled from Settings, then the one that waits.
    const dropped = uniqueEmail('dropped-new');
    expect(
      (
        await postJson(
          server,
          '/api/me/account/email',
          { email: dropped, password: person.password },
          person.authHeader,
        )
      ).status,
    ).toBe(202);
    expect(
      (await server.fetch('/api/me/account/email', { method: 'DELETE', headers: person.authHeader })).status,
    ).toBe(204);
    const newAddress = uniqueEmail('pending-new');
    expect(
      (
        await postJson(
          server,
          '/api/me/account/email',
          { email: newAddress, password: person.password },
          person.authHeader,
        )
      ).status,
    ).toBe(202);
    const res = await server.fetch('/api/me/account/export', { headers: person.authHeader });
    expect(res.status).toBe(200);
    const text = await res.text();
    const file = JSON.parse(text) as {
      pending_email_change: { new_email: string } | null;
      email_changes: { old_email: string; new_email: string; cancelled_at: string | null }[];
      registration_tokens: { label: string; max_uses: number }[];
    };
    expect(file.pending_email_change).toMatchObject({ new_email: newAddress });
    expect(file.email_changes).toEqual([
      expect.objectContaining({
        old_email: person.email,
        new_email: dropped,
        cancelled_at: expect.any(String),
      }),
      expect.objectContaining({ old_email: person.email, new_email: newAddress, cancelled_at: null }),
    ]);
    expect(file.registration_tokens).toEqual([
      expect.objectContaining({ label: 'CI pipeline', max_uses: 3 }),
    ]);
    expect(text).not.toContain(token);
  });
});
