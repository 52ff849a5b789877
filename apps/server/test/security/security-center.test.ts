import type { ApiErrorBody } from '@omnia/contracts/errors';
import { SECURITY_EVENT_GROUPS } from '@omnia/contracts/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTotp, firstStep, secondStep } from '../factors/helpers';
import { failedSignInsNoted } from '../support/queues';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, refresh, refreshCookieOf, type TestUser } from '../support/users';

let server: TestServer;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  other = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

/** A second sign-in of the same account, as from another browser. */
async function secondSession(who: TestUser, userAgent: string) {
  const res = await postJson(
    server,
    '/api/auth/login',
    { email: who.email, password: who.password },
    { 'user-agent': userAgent },
  );
  expect(res.status).toBe(200);
  const session = (await res.json()) as { access_token: string };
  return { accessToken: session.access_token, cookie: refreshCookieOf(res) ?? '' };
}

type Sessions = { sessions: { id: string; device: string; os: string; current: boolean }[] };

describe('active sessions', () => {
  it('lists live sessions with the current one first; signing one out ends its refresh and access at once', async () => {
    const phone = await secondSession(
      user,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
    );
    const list = (await (
      await server.fetch('/api/me/sessions', { headers: user.authHeader })
    ).json()) as Sessions;
    expect(list.sessions.length).toBe(2);
    expect(list.sessions[0]?.current).toBe(true);
    const phoneRow = list.sessions.find((s) => !s.current);
    expect(phoneRow).toMatchObject({ device: 'iOS', os: 'iOS' });

    // Another account cannot sign it out, nor see it.
    const foreign = await server.fetch(`/api/me/sessions/${phoneRow?.id}`, {
      method: 'DELETE',
      headers: other.authHeader,
    });
    expect(foreign.status).toBe(404);
    const theirs = (await (
      await server.fetch('/api/me/sessions', { headers: other.authHeader })
    ).json()) as Sessions;
    expect(theirs.sessions.every((s) => s.id !== phoneRow?.id)).toBe(true);

    const out = await server.fetch(`/api/me/sessions/${phoneRow?.id}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(out.status).toBe(204);
    expect(
      (await server.fetch('/api/me/profile', { headers: { authorization: `Bearer ${phone.accessToken}` } }))
        .status,
    ).toBe(401);
    await expect(refresh(server, phone.cookie)).rejects.toThrow();
    // The caller's own session is untouched.
    expect((await server.fetch('/api/me/sessions', { headers: user.authHeader })).status).toBe(200);
    const again = await server.fetch(`/api/me/sessions/${phoneRow?.id}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(again.status).toBe(404);
    expect(
      (await server.fetch('/api/me/sessions/not-a-uuid', { method: 'DELETE', headers: user.authHeader }))
        .status,
    ).toBe(404);
  });

  it('signs out every other session', async () => {
    await secondSession(user, 'a');
    await secondSession(user, 'b');
    const res = await server.fetch('/api/me/sessions/sign-out-others', {
      method: 'POST',
      headers: user.authHeader,
    });
    expect(await res.json()).toEqual({ signed_out: 2 });
    const list = (await (
      await server.fetch('/api/me/sessions', { headers: user.authHeader })
    ).json()) as Sessions;
    expect(list.sessions.map((s) => s.current)).toEqual([true]);
  });

  it('counts only the sessions the list showed: an expired one is not one signed out', async () => {
    const someone = await createUser(server);
    await secondSession(someone, 'c');
    await secondSession(someone, 'd');
    // One of them expired on its own (never signed out, so still in the table).
    const others = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', someone.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', others[0]?.id ?? '')
      .execute();
    const res = await server.fetch('/api/me/sessions/sign-out-others', {
      method: 'POST',
      headers: someone.authHeader,
    });
    expect(await res.json()).toEqual({ signed_out: 1 });
  });

  it('needs a signed-in user', async () => {
    expect((await server.fetch('/api/me/sessions')).status).toBe(401);
    expect((await server.fetch('/api/me/security-events')).status).toBe(401);
  });
});

describe('security activity', () => {
  type Events = {
    events: { id: string; kind: string; detail: Record<string, unknown> }[];
    next_before: string | null;
  };

  it('records sign-ins, a burst of failed attempts as one line, and sign-outs, newest first', async () => {
    const fresh = await createUser(server);
    for (let i = 0; i < 3; i++) {
      const bad = await postJson(server, '/api/auth/login', {
        email: fresh.email,
        password: 'wrong password!',
      });
      expect(bad.status).toBe(400);
    }
    await failedSignInsNoted(server);
    const body = (await (
      await server.fetch('/api/me/security-events', { headers: fresh.authHeader })
    ).json()) as Events;
    expect(body.events[0]).toMatchObject({ kind: 'sign_in_failed', detail: { count: 3 } });
    expect(body.events.some((e) => e.kind === 'sign_in')).toBe(true);
    // Nobody else's activity shows up.
    const mine = (await (
      await server.fetch('/api/me/security-events', { headers: other.authHeader })
    ).json()) as Events;
    expect(mine.events.every((e) => e.kind !== 'sign_in_failed')).toBe(true);
  });

  it('pages through the log with next_before', async () => {
    const busy = await createUser(server);
    for (let i = 0; i < 22; i++) await secondSession(busy, `agent ${i}`);
    const first = (await (
      await server.fetch('/api/me/security-events', { headers: busy.authHeader })
    ).json()) as Events;
    expect(first.events).toHaveLength(20);
    expect(first.next_before).toBeTruthy();
    const second = (await (
      await server.fetch(`/api/me/security-events?before=${first.next_before}`, { headers: busy.authHeader })
    ).json()) as Events;
    expect(second.events.length).toBe(3);
    expect(second.next_before).toBeNull();
    const ids = new Set([...first.events, ...second.events].map((e) => e.id));
    expect(ids.size).toBe(23);
    // A cursor that is not an event id is ignored (first page), never an error.
    const junk = await server.fetch('/api/me/security-events?before=%27%3Bdrop', {
      headers: busy.authHeader,
    });
    expect(junk.status).toBe(200);
  });

  it('a right password with a wrong second step is its own line, and a group narrows the list', async () => {
    const guarded = await createUser(server);
    await enableTotp(server, guarded);
    for (let i = 0; i < 2; i++) {
      const { cookie } = await firstStep(server, guarded);
      expect((await secondStep(server, cookie, 'totp', '000000')).status).toBe(400);
    }
    const list = async (query: string) =>
      (await (
        await server.fetch(`/api/me/security-events${query}`, { headers: guarded.authHeader })
      ).json()) as Events;
    const all = await list('');
    expect(all.events[0]).toMatchObject({ kind: 'second_step_failed', detail: { count: 2 } });
    expect(all.events.some((e) => e.kind === 'sign_in_failed')).toBe(false);

    const signIns = await list('?group=sign_ins');
    expect(signIns.events.map((e) => e.kind)).toContain('second_step_failed');
    expect(signIns.events.every((e) => SECURITY_EVENT_GROUPS.sign_ins.some((k) => k === e.kind))).toBe(true);
    const account = await list('?group=account');
    expect(account.events.map((e) => e.kind)).toEqual(['second_factor_added']);
    expect((await list('?group=apps')).events).toEqual([]);

    const bad = await server.fetch('/api/me/security-events?group=everything', {
      headers: guarded.authHeader,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.code).toBe('validation_failed');
  });
});
