import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addPasskey, codeAt, enableTotp, firstStep, secondStep } from '../factors/helpers';
import { interleave, onPostgres } from '../support/outside-session';
import { createUser, postJson, type TestUser } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * A sign-in checks the password outside the database (argon2 takes a while). A reset, a change or
 * a cancel that ends every session in that gap must not be outlived by the session, or the
 * half-signed-in state, that the sign-in opens after it: whoever knew the old password (a
 * squatter, a thief) would keep a fresh session, and with it add a passkey no reset removes.
 */
const { world, request, cancel, cancelLink } = useEmailChangeServer();

const login = (user: TestUser) =>
  postJson(world.server, '/api/auth/login', { email: user.email, password: user.password });

/** Live sessions and half-signed-in states of the account. */
async function openedFor(user: TestUser) {
  const db = world.server.deps.dbHandle.db;
  const sessions = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .execute();
  // Live ones: an ended state stays until housekeeping, expired (it still tells the owner).
  const halves = await db
    .selectFrom('two_step_challenges')
    .select('user_id')
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  return { sessions: sessions.length, halves: halves.length };
}

/**
 * Signs in with the old password while another session writes what a reset writes, in its order
 * (the password, then every session and second step ended), and commits once the sign-in has
 * checked the password and waits, or has answered.
 */
const whileResetting = (user: TestUser) =>
  interleave(
    world.server.config.database.url,
    [
      ['update users set password_hash = $2 where id = $1', [user.id, 'changed meanwhile']],
      ['update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]],
      ['delete from two_step_challenges where user_id = $1', [user.id]],
    ],
    () => login(user),
    [],
  );

describe.skipIf(!onPostgres)('a sign-in while its password is being changed', () => {
  it('opens no session after the change ended every session: the password is wrong by then', async () => {
    const user = await createUser(world.server);
    const signedIn = await whileResetting(user);
    expect(signedIn.status, await signedIn.clone().text()).toBe(400);
    expect(await openedFor(user)).toEqual({ sessions: 0, halves: 0 });
  });

  it('with a second factor, leaves no half-signed-in state behind either', async () => {
    const user = await createUser(world.server);
    await enableTotp(world.server, user);
    const signedIn = await whileResetting(user);
    expect(signedIn.status, await signedIn.clone().text()).toBe(400);
    expect(await openedFor(user)).toEqual({ sessions: 0, halves: 0 });
  });
});

/** What a reset or a cancel link writes first, in its order: the password, then every session ended. */
const passwordAndSessions = (user: TestUser) =>
  [
    ['update users set password_hash = $2 where id = $1', [user.id, 'changed meanwhile']],
    ['update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]],
  ] as [string, unknown[]][];

describe.skipIf(!onPostgres)('a second step or a passkey while the password is being changed', () => {
  it('the second step opens no session after the reset ended every session', async () => {
    const server = world.server;
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    const held = await firstStep(server, user);
    const finished = await interleave(
      server.config.database.url,
      passwordAndSessions(user),
      () => secondStep(server, held.cookie, 'totp', codeAt(secret, Date.now())),
      [['delete from two_step_challenges where user_id = $1', [user.id]]],
    );
    expect(finished.status, await finished.clone().text()).toBe(401);
    expect(await finished.text()).toContain('two_step_expired');
    expect(await openedFor(user)).toEqual({ sessions: 0, halves: 0 });
  });

  it('a passkey the cancel link removes opens no session after it ended every session', async () => {
    const server = world.server;
    const user = await createUser(server);
    const { authenticator } = await addPasskey(server, user);
    const origin = new URL(server.config.publicUrl).origin;
    const options = await (await postJson(server, '/api/auth/passkey/options', {})).json();
    const assertion = authenticator.assert(options as { challenge: string; rpId: string }, origin);
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', user.id)
      .execute();
    const signedIn = await interleave(
      server.config.database.url,
      passwordAndSessions(user),
      () => postJson(server, '/api/auth/passkey', { response: assertion }),
      [['delete from passkeys where user_id = $1', [user.id]]],
    );
    expect(signedIn.status, await signedIn.clone().text()).toBe(400);
    expect(await signedIn.text()).toContain('passkey_invalid');
    expect(await openedFor(user)).toEqual({ sessions: 0, halves: 0 });
  });
});

describe('the cancel link of an e-mail change', () => {
  it('ends a half-signed-in state held by whoever asked for the change', async () => {
    const server = world.server;
    const user = await createUser(server);
    const { secret } = await enableTotp(server, user);
    // A factor from before the cancel's look-back (a phished authenticator) stays.
    await server.deps.dbHandle.db
      .updateTable('totp_factors')
      .set({ created_at: sql`now() - interval '60 days'` })
      .where('user_id', '=', user.id)
      .execute();
    const held = await firstStep(server, user);
    expect(held.body.two_step).toBe(true);
    expect((await request(user, `taken-${user.id}@example.test`)).status).toBe(202);
    expect((await cancel(await cancelLink(user.email))).status).toBe(200);
    const finished = await secondStep(server, held.cookie, 'totp', codeAt(secret, Date.now()));
    expect(finished.status, await finished.clone().text()).not.toBe(200);
    expect(await openedFor(user)).toEqual({ sessions: 0, halves: 0 });
  });
});
