import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  afterLinkRequests,
  cookieOf,
  createUser,
  latestLink,
  outboxFor,
  postJson,
  REFRESH_COOKIE,
  type TestUser,
} from '../support/users';
import { confirmItsYou, enableTotp, firstStep } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

/** Passkeys (WebAuthn) with a software authenticator: registration, sign-in and what is refused. */
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.config.publicUrl).origin;
});
afterAll(() => server?.close());

type Options = { challenge: string; rp: { id: string }; rpId?: string };
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** Adds a passkey, after 'Confirm it's you' with the password unless `confirmFirst` is false. */
async function addPasskey(
  user: TestUser,
  authenticator: SoftAuthenticator,
  at = origin,
  name = 'Laptop',
  confirmFirst = true,
) {
  if (confirmFirst) await confirmItsYou(server, user);
  const options = (await (
    await postJson(server, '/api/me/passkeys/options', {}, user.authHeader)
  ).json()) as Options;
  return postJson(
    server,
    '/api/me/passkeys',
    { response: authenticator.register(options, at), name },
    user.authHeader,
  );
}
const signInOptions = async () =>
  (await (await postJson(server, '/api/auth/passkey/options', {})).json()) as {
    challenge: string;
    rpId: string;
  };
const signIn = (response: unknown) => postJson(server, '/api/auth/passkey', { response });

describe('passkeys', () => {
  it("registered with this site's challenge and origin, listed, then signs in without a password as two factors", async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    const added = await addPasskey(user, authenticator);
    expect(added.status).toBe(201);
    const list = (await (await server.fetch('/api/me/passkeys', { headers: user.authHeader })).json()) as {
      passkeys: { id: string; name: string }[];
    };
    expect(list.passkeys).toEqual([expect.objectContaining({ id: authenticator.id, name: 'Laptop' })]);

    const res = await signIn(authenticator.assert(await signInOptions(), origin));
    expect(res.status).toBe(200);
    expect(cookieOf(res, REFRESH_COOKIE)).toBeTruthy();
    const row = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.amr).toEqual(['hwk', 'mfa']);
  });

  it('a password reset by e-mail removes every passkey: one added with a stolen password signs in no more', async () => {
    const user = await createUser(server);
    // Someone with the password (no two-step) adds a passkey of theirs.
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    // The owner resets the password from the mailed link.
    await afterLinkRequests(server, () =>
      postJson(server, '/api/auth/forgot-password', { email: user.email }),
    );
    const link = await latestLink(server, user.email, '/auth/reset-password');
    const token = new URL(link, 'http://x').searchParams.get('token');
    const reset = await postJson(server, '/api/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await signIn(authenticator.assert(await signInOptions(), origin))).status).toBe(400);
    const removed = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select(['detail', 'ip'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'second_factor_removed')
      .execute();
    expect(removed).toEqual([{ detail: { method: 'passkey' }, ip: expect.any(String) }]);
  });

  it('its owner is told a passkey was added or removed, never that two-step verification is on', async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    const removed = await server.fetch(`/api/me/passkeys/${authenticator.id}`, {
      method: 'DELETE',
      headers: user.authHeader,
    });
    expect(removed.status).toBeLessThan(300);
    const mails = (await outboxFor(server, user.email)).filter((m) =>
      /passkey|second step|two-step/i.test(m.subject),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'A passkey was added to your Omnia account',
      'A passkey was removed from your Omnia account',
    ]);
    for (const mail of mails) expect(mail.text_body).not.toMatch(/second step|two-step/i);
  });

  it('another origin or another RP ID is refused, at registration and at sign-in', async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    const wrongOrigin = await addPasskey(user, authenticator, 'https://evil.example');
    expect(wrongOrigin.status).toBe(400);
    expect(await errorCode(wrongOrigin)).toBe('passkey_invalid');
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    expect((await signIn(authenticator.assert(await signInOptions(), 'https://evil.example'))).status).toBe(
      400,
    );
    expect(
      (await signIn(authenticator.assert(await signInOptions(), origin, { rpId: 'evil.example' }))).status,
    ).toBe(400);
  });

  it('a replayed assertion, or one for a spent challenge, is refused', async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    const options = await signInOptions();
    const assertion = authenticator.assert(options, origin);
    expect((await signIn(assertion)).status).toBe(200);
    const replay = await signIn(assertion);
    expect(replay.status).toBe(400);
    expect(await errorCode(replay)).toBe('passkey_invalid');
    // The same challenge, signed again with a moved counter: the challenge is spent.
    expect((await signIn(authenticator.assert(options, origin))).status).toBe(400);
    // A fresh challenge and a counter that moved: fine. Then one that did not move (a cloned key): refused.
    expect((await signIn(authenticator.assert(await signInOptions(), origin))).status).toBe(200);
    expect(
      (await signIn(authenticator.assert(await signInOptions(), origin, { sameCounter: true }))).status,
    ).toBe(400);
  });

  it("one's passkey cannot be renamed or removed by anyone else; removing it ends its sign-ins", async () => {
    const user = await createUser(server);
    const stranger = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    const path = `/api/me/passkeys/${encodeURIComponent(authenticator.id)}`;
    const rename = (who: TestUser, name: string) =>
      server.fetch(path, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...who.authHeader },
        body: JSON.stringify({ name }),
      });
    expect((await rename(stranger, 'Mine now')).status).toBe(404);
    expect((await rename(user, '')).status).toBe(400);
    // A name that reads as another (a right-to-left override) is refused like an app's, when the
    // passkey is added as when it is renamed.
    expect((await rename(user, 'Old phone \u202Eevomer')).status).toBe(400);
    const other = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, other, origin, 'Old phone \u202Eevomer')).status).toBe(400);
    expect((await rename(user, 'Work laptop')).status).toBe(200);
    expect((await server.fetch(path, { method: 'DELETE', headers: stranger.authHeader })).status).toBe(404);
    expect((await server.fetch(path, { method: 'DELETE', headers: user.authHeader })).status).toBe(204);
    expect((await signIn(authenticator.assert(await signInOptions(), origin))).status).toBe(400);
  });

  it("renaming a passkey needs a fresh 'Confirm it's you', as adding and removing one do", async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    // An hour later (a stolen session, say), nobody renames the owner's passkey to "remove me".
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ authenticated_at: sql`now() - interval '1 hour'`, second_factor_at: null })
      .where('user_id', '=', user.id)
      .execute();
    const res = await server.fetch(`/api/me/passkeys/${encodeURIComponent(authenticator.id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: JSON.stringify({ name: 'Old phone, remove me' }),
    });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('step_up_required');
  });

  it('adding or removing a second factor or a passkey is in the activity with the address it came from', async () => {
    const user = await createUser(server);
    const authenticator = new SoftAuthenticator(user.id);
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    await enableTotp(server, user);
    expect((await postJson(server, '/api/me/recovery-codes', {}, user.authHeader)).status).toBe(200);
    const path = `/api/me/passkeys/${encodeURIComponent(authenticator.id)}`;
    expect((await server.fetch(path, { method: 'DELETE', headers: user.authHeader })).status).toBe(204);
    const events = await server.deps.dbHandle.db
      .selectFrom('security_events')
      .select(['kind', 'ip'])
      .where('user_id', '=', user.id)
      .where('kind', 'in', ['second_factor_added', 'second_factor_removed', 'recovery_codes_regenerated'])
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.kind)).toEqual([
      'second_factor_added',
      'second_factor_added',
      'recovery_codes_regenerated',
      'second_factor_removed',
    ]);
    for (const event of events) expect(event.ip, event.kind).toBeTruthy();
  });

  it("with the authenticator app on, a passkey of the account is a second step and confirms 'it's you'; another account's is refused", async () => {
    const user = await createUser(server);
    await enableTotp(server, user);
    const authenticator = new SoftAuthenticator(user.id);
    // Turning the app on confirmed it's you (the password alone no longer would).
    expect((await addPasskey(user, authenticator, origin, 'Laptop', false)).status).toBe(201);
    const { body, cookie } = await firstStep(server, user);
    expect(body.methods).toEqual(['totp', 'recovery', 'passkey']);
    const options = (await (
      await postJson(server, '/api/auth/two-step/passkey-options', {}, { cookie })
    ).json()) as {
      challenge: string;
      rpId: string;
    };
    // Someone else's passkey does not make this account's second step.
    const stranger = await createUser(server);
    const theirs = new SoftAuthenticator(stranger.id);
    expect((await addPasskey(stranger, theirs)).status).toBe(201);
    const refused = await postJson(
      server,
      '/api/auth/two-step/passkey',
      { response: theirs.assert(options, origin) },
      { cookie },
    );
    expect(refused.status).toBe(400);
    const fresh = (await (
      await postJson(server, '/api/auth/two-step/passkey-options', {}, { cookie })
    ).json()) as {
      challenge: string;
      rpId: string;
    };
    const done = await postJson(
      server,
      '/api/auth/two-step/passkey',
      { response: authenticator.assert(fresh, origin) },
      { cookie },
    );
    expect(done.status).toBe(200);
    const row = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select('amr')
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.amr).toEqual(['pwd', 'hwk', 'mfa']);

    const reauthOptions = (await (
      await postJson(server, '/api/auth/reauthenticate/passkey-options', {}, user.authHeader)
    ).json()) as {
      challenge: string;
      rpId: string;
    };
    const confirmed = await postJson(
      server,
      '/api/auth/reauthenticate',
      { passkey: authenticator.assert(reauthOptions, origin) },
      user.authHeader,
    );
    expect(confirmed.status).toBe(200);
  });
});

describe('passkey sign-in options, asked before anyone is known', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer(
      { TRUST_PROXY: 'true' },
      { modules: { accounts: { limits: { passkeyOptionsPerIp: { points: 10, windowSeconds: 900 } } } } },
    );
  }, 60_000);
  afterAll(() => limited?.close());
  const ask = (ip: string) => postJson(limited, '/api/auth/passkey/options', {}, { 'x-forwarded-for': ip });
  const challenges = async () =>
    Number(
      (
        await limited.deps.dbHandle.db
          .selectFrom('webauthn_challenges')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('are limited per address, so nobody fills the challenge table; expired challenges are purged', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask('10.9.0.1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(await challenges()).toBe(10);
    // Another address has its own budget.
    expect((await ask('10.9.0.2')).status).toBe(200);
    await limited.deps.dbHandle.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const { FACTORS_PURGE_STEPS } = await import('../../src/modules/factors');
    await FACTORS_PURGE_STEPS.webauthn_challenges?.(limited.deps.dbHandle.db);
    expect(await challenges()).toBe(0);
  });
});
