import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../developer/helpers';
import { authorizeAs, insertClient, redeemCode, tokenRequest } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, type TestUser, uniqueEmail } from '../support/users';
import { emailChangeCalls } from './email-change-support';

/** 'Delete account': everything of the person goes, in one transaction. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const deleteAccount = (user: TestUser, body: unknown) =>
  server.fetch('/api/me/account', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify(body),
  });
const userinfo = (token: string) =>
  server.fetch('/oauth2/userinfo', { headers: { authorization: `Bearer ${token}` } });

describe('DELETE /api/me/account', () => {
  it("needs the address typed and the password; then the person, their apps' tokens and their own tokens at apps all end, and the address is free again", async () => {
    const person = await createUser(server);
    // Their picture, an app of theirs that someone uses, and their use of someone else's app.
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'me.png');
    const avatar = await server.fetch('/api/me/avatar', {
      method: 'POST',
      headers: person.authHeader,
      body: form,
    });
    expect(avatar.status).toBe(200);
    const avatarUrl = ((await avatar.json()) as { avatar_url: string }).avatar_url;
    const theirApp = await insertClient(server, person, { name: 'Their App' });
    const visitor = await createUser(server);
    const v = await authorizeAs(server, theirApp, visitor);
    const visitorTokens = (await (await redeemCode(server, theirApp, v.back, v.verifier)).json()) as {
      access_token: string;
    };
    const otherApp = await insertClient(server, await createUser(server), { name: 'Other App' });
    const p = await authorizeAs(server, otherApp, person);
    const personTokens = (await (await redeemCode(server, otherApp, p.back, p.verifier)).json()) as {
      access_token: string;
      refresh_token: string;
    };

    const mistyped = await deleteAccount(person, { email: 'someone@else.test', password: person.password });
    expect(mistyped.status).toBe(400);
    const wrongPassword = await deleteAccount(person, { email: person.email, password: 'not it' });
    expect(wrongPassword.status).toBe(400);
    expect((await server.fetch('/api/me/profile', { headers: person.authHeader })).status).toBe(200);

    await server.deps.dbHandle.db
      .insertInto('rate_limits')
      .values({
        key: `resend:addr:${person.id}@elsewhere.test`,
        count: 1,
        reset_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const done = await deleteAccount(person, {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(done.status).toBe(204);
    expect(done.headers.getSetCookie().some((l) => l.startsWith('omnia_refresh=;'))).toBe(true);

    expect((await server.fetch('/api/me/profile', { headers: person.authHeader })).status).toBe(401);
    expect(
      (await postJson(server, '/api/auth/login', { email: person.email, password: person.password })).status,
    ).toBe(400);
    expect((await userinfo(personTokens.access_token)).status).toBe(401);
    expect(
      (
        await tokenRequest(server, otherApp, {
          grant_type: 'refresh_token',
          refresh_token: personTokens.refresh_token,
        })
      ).status,
    ).toBe(400);
    expect((await userinfo(visitorTokens.access_token)).status).toBe(401);
    expect((await server.fetch(new URL(avatarUrl, server.url).pathname)).status).toBe(404);
    // The address is told (a deletion nobody asked for is noticed).
    const told = await server.deps.dbHandle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', person.email)
      .execute();
    expect(told.map((m) => m.subject)).toContain('Your Omnia account was deleted');
    // No empty folder of the person is left behind on the disk either.
    for (const folder of ['avatars', 'oauth2-logos'])
      expect(existsSync(join(server.config.dataDir, 'storage', folder, person.id)), folder).toBe(false);
    const db = server.deps.dbHandle.db;
    for (const table of ['users', 'sessions', 'profiles', 'security_events', 'session_logs'] as const) {
      const column = table === 'users' || table === 'profiles' ? 'id' : 'user_id';
      const rows = await db.selectFrom(table).select(column).where(column, '=', person.id).execute();
      expect(rows, table).toHaveLength(0);
    }
    // Its own budgets (the picture's uploads among them) go with it; a counter keyed by text
    // someone chose (an address) that merely contains its id stays.
    const budgets = await db
      .selectFrom('rate_limits')
      .select('key')
      .where(sql<boolean>`strpos(key, ${person.id}) > 0`)
      .execute();
    expect(budgets.map((b) => b.key)).toEqual([`resend:addr:${person.id}@elsewhere.test`]);
    expect(
      await db.selectFrom('oauth2_clients').select('id').where('client_id', '=', theirApp.clientId).execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('oidc_models').select('id').where('account_id', '=', person.id).execute(),
    ).toHaveLength(0);

    // The address can make a new account.
    expect(
      (await postJson(server, '/api/auth/signup', { email: person.email, password: 'violet harbor lantern' }))
        .status,
    ).toBe(201);
  });

  it('anonymous: 401; unverified: 403; bad input is a 400 that changes nothing', async () => {
    const user = await createUser(server);
    expect((await server.fetch('/api/me/account', { method: 'DELETE' })).status).toBe(401);
    const unverified = await createUser(server, { verified: false });
    expect(
      (await deleteAccount(unverified, { email: unverified.email, password: unverified.password })).status,
    ).toBe(403);
    expect((await deleteAccount(user, { email: user.email })).status).toBe(400);
    expect((await server.fetch('/api/me/profile', { headers: user.authHeader })).status).toBe(200);
  });

  it('a deletion racing sign-ins: afterwards no session of the account is left, and it cannot sign in', async () => {
    const user = await createUser(server);
    const [deleted, ...logins] = await Promise.all([
      deleteAccount(user, { email: user.email, password: user.password }),
      // Three, so that with the last login below they stay under the address's lockout (five
      // failures): however the race falls out, that last one is a plain wrong sign-in, 400.
      ...Array.from({ length: 3 }, () =>
        postJson(server, '/api/auth/login', { email: user.email, password: user.password }),
      ),
    ]);
    expect(deleted.status).toBe(204);
    for (const login of logins) expect([200, 400, 429]).toContain(login.status);
    const db = server.deps.dbHandle.db;
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect(
      (await postJson(server, '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(400);
  });

  it("a deletion racing the person's own writes: each answers 2xx or 4xx, never 500, and no picture is left", async () => {
    const picture = await pngBytes(1600);
    for (let round = 0; round < 4; round++) {
      const user = await createUser(server);
      const headers = { 'content-type': 'application/json', ...user.authHeader };
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
      const [deleted, ...writes] = await Promise.all([
        deleteAccount(user, { email: user.email, password: user.password }),
        server.fetch('/api/me/avatar', { method: 'POST', headers: user.authHeader, body: form }),
        server.fetch('/api/me/profile', {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            full_name: 'Racing Writer',
            username: `racer_${user.id.slice(0, 8)}`,
            date_of_birth: '1990-01-01',
          }),
        }),
        server.fetch('/api/me/preferences', {
          method: 'PUT',
          headers,
          body: JSON.stringify({ theme: 'dark', language: 'fr' }),
        }),
        server.fetch('/api/me/interests', {
          method: 'PUT',
          headers,
          body: JSON.stringify({ interests: ['Music'] }),
        }),
      ]);
      expect(deleted.status).toBe(204);
      for (const write of writes) expect(write.status, await write.clone().text()).toBeLessThan(500);
      expect(existsSync(join(server.config.dataDir, 'storage', 'avatars', user.id)), `round ${round}`).toBe(
        false,
      );
    }
  });
});

describe('deleting an account whose address just changed', () => {
  const calls = emailChangeCalls(() => server);

  it('is refused for the week the old address can cancel the change, which then still works', async () => {
    const owner = await createUser(server);
    const changedTo = uniqueEmail('changed');
    expect((await calls.request(owner, changedTo)).status).toBe(202);
    const ownersCancel = await calls.cancelLink(owner.email);
    expect((await calls.confirm(await calls.confirmLink(changedTo))).status).toBe(200);
    const refused = await deleteAccount(owner, { email: changedTo, password: owner.password });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.deleteAfterEmailChange,
    );
    expect((await calls.cancel(ownersCancel)).status).toBe(200);
    expect(await calls.emailOf(owner.id)).toBe(owner.email);
  });

  it('is allowed while a change is only asked for (the address has not moved)', async () => {
    const asked = await createUser(server);
    expect((await calls.request(asked, uniqueEmail('asked'))).status).toBe(202);
    expect((await deleteAccount(asked, { email: asked.email, password: asked.password })).status).toBe(204);
  });
});
