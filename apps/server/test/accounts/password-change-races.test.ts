import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import {
  createUser,
  latestLink,
  postJson,
  secondSessionOf,
  type TestUser,
  uniqueEmail,
  useVerificationLink,
  verifyCookieOf,
  withMail,
} from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * 'Change password' checks the current password, hashes the new one, then writes it. Someone who
 * knows the old password (a session of theirs) may send a change while the owner takes the
 * account back: a reset, the cancel link of an address change, or a sign-up reclaiming the address.
 * Whatever the owner committed while the change was on its way stands: the change is refused.
 */
const { world, request, cancel, cancelLink } = useEmailChangeServer();
const ATTACKER_PASSWORD = 'attacker owns this now 42';

/**
 * Holds the account's sign-in counter row (login:acct:<address>) in a transaction of an outside
 * session: the change-password request waits at its reservation, after it has read the account
 * (and its password hash), while the owner's action runs. Returns release().
 */
async function holdCounter(email: string) {
  const outside = new pg.Client({ connectionString: world.server.config.database.url });
  await outside.connect();
  await outside.query('begin');
  await outside.query(
    `insert into rate_limits (key, count, pending, reset_at) values ('login:acct:' || lower($1), 0, 0, now() + interval '15 minutes')
     on conflict (key) do update set count = rate_limits.count`,
    [email],
  );
  const waiting = async () => {
    for (let i = 0; i < 400; i++) {
      const { rows } = await outside.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      if (rows[0]?.n) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  };
  return {
    waiting,
    release: async () => {
      await outside.query('commit');
      await outside.end();
    },
  };
}

const changeTo = (user: TestUser, password: string) =>
  postJson(
    world.server,
    '/api/auth/change-password',
    { currentPassword: user.password, password },
    user.authHeader,
  );

const signIn = (email: string, password: string) =>
  postJson(world.server, '/api/auth/login', { email, password });

describe.skipIf(!onPostgres)('change password racing the owner taking the account back', () => {
  it('a change in flight while the cancel link is used does not outlive it', async () => {
    const owner = await createUser(world.server);
    const attacker = await secondSessionOf(world.server, owner);
    expect((await request(attacker, uniqueEmail('attacker'))).status).toBe(202);
    const link = await cancelLink(owner.email);

    const held = await holdCounter(owner.email);
    const change = changeTo(attacker, ATTACKER_PASSWORD);
    expect(await held.waiting()).toBe(true);
    // The owner's cancel link: every session ends, the password stops working, a reset token.
    const cancelled = await cancel(link);
    expect(cancelled.status).toBe(200);
    const { reset_token } = (await cancelled.json()) as { reset_token: string };
    await held.release();
    const changed = await change;
    expect(changed.status, 'the change after the cancel').not.toBe(200);
    expect(
      (await signIn(owner.email, ATTACKER_PASSWORD)).status,
      'attacker signs in with the new password',
    ).not.toBe(200);
    const reset = await postJson(world.server, '/api/auth/reset-password', {
      token: reset_token,
      password: 'the owners own new passphrase',
    });
    expect(reset.status, "the owner's reset token").toBe(200);
  });

  it('a change in flight while the owner resets the password does not outlive the reset', async () => {
    const owner = await createUser(world.server);
    const attacker = await secondSessionOf(world.server, owner);
    await withMail(world.server, owner.email, () =>
      postJson(world.server, '/api/auth/forgot-password', { email: owner.email }),
    );
    const resetLink = await latestLink(world.server, owner.email, '/auth/reset-password');
    const token = new URL(resetLink, 'http://x').searchParams.get('token') ?? '';

    const held = await holdCounter(owner.email);
    const change = changeTo(attacker, ATTACKER_PASSWORD);
    expect(await held.waiting()).toBe(true);
    // The reset lifts the lock on that counter at its end: it waits behind the change there.
    const reset = postJson(world.server, '/api/auth/reset-password', {
      token,
      password: 'the owners own new passphrase',
    });
    await new Promise((r) => setTimeout(r, 300));
    await held.release();
    expect((await reset).status).toBe(200);
    const changed = await change;
    expect(changed.status, 'the change after the reset').not.toBe(200);
    expect(
      (await signIn(owner.email, ATTACKER_PASSWORD)).status,
      'attacker signs in with the new password',
    ).not.toBe(200);
    expect((await signIn(owner.email, 'the owners own new passphrase')).status, 'owner signs in').toBe(200);
  });

  it("a squatter's change in flight while the owner reclaims the address by signing up", async () => {
    const email = uniqueEmail('victim');
    // The attacker signs the victim's address up, never verifies, and keeps a session.
    const squat = await postJson(world.server, '/api/auth/signup', { email, password: 'squatter pass 123' });
    expect(squat.status).toBe(201);
    const login = await signIn(email, 'squatter pass 123');
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const squatter = {
      password: 'squatter pass 123',
      authHeader: { Authorization: `Bearer ${access_token}` },
    } as TestUser;

    const held = await holdCounter(email);
    const change = changeTo(squatter, ATTACKER_PASSWORD);
    expect(await held.waiting()).toBe(true);
    // The owner signs up: the unverified account takes the owner's password, its sessions end.
    const owners = await postJson(world.server, '/api/auth/signup', {
      email,
      password: 'the owners password 1',
    });
    expect(owners.status).toBe(201);
    await held.release();
    const changed = await change;
    // The owner verifies in the browser that signed up: signed in, the account is verified.
    const verified = await useVerificationLink(world.server, email, verifyCookieOf(owners) ?? '');
    expect(verified.status).toBe(200);
    expect(changed.status, "the squatter's change after the reclaim").not.toBe(200);
    expect(
      (await signIn(email, ATTACKER_PASSWORD)).status,
      'attacker signs in to the verified account',
    ).not.toBe(200);
  });
});
describe.skipIf(!onPostgres)('two changes of the password at once (a double submit)', () => {
  it('queue: the first changes it, the second finds the password changed', async () => {
    const owner = await createUser(world.server);
    const outside = new pg.Client({ connectionString: world.server.config.database.url });
    await outside.connect();
    let answers: Response[];
    try {
      // Both wait at the account's sessions; whichever holds the account goes first.
      await outside.query('begin');
      await outside.query('select id from sessions where user_id = $1 for update', [owner.id]);
      const both = [changeTo(owner, 'first new passphrase 11'), changeTo(owner, 'second new passphrase 22')];
      for (let i = 0; i < 400; i++) {
        const { rows } = await outside.query<{ n: number }>(
          `select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        if ((rows[0]?.n ?? 0) >= 2) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await outside.query('commit');
      answers = await Promise.all(both);
    } finally {
      await outside.end();
    }
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
  });
});
