import { randomBytes } from 'node:crypto';
import { SECURITY_API } from '@omnia/contracts/security';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_PURGE_STEPS } from '../../src/modules/accounts';
import { addPasskey, codeAt, enableTotp, firstStep, passkeysOf, secondStep } from '../factors/helpers';
import {
  changePassword,
  createUser,
  latestLink,
  outboxFor,
  postJson,
  type TestUser,
  uniqueEmail,
  withMail,
} from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/**
 * Taking an account through an e-mail change, at its edges, as an outside review attacked it: a
 * passkey added from an earlier session of the attacker's, a change surviving a password change or
 * the sign-out of the session that asked, and a half-signed-in cookie surviving a reset.
 */
const { world, request, login, tokenOf, confirm, cancel, confirmLink, cancelLink, emailOf, codeOf } =
  useEmailChangeServer();

/** A session of the attacker's, signed in with the owner's (phished) password. */
async function attackerSession(owner: TestUser): Promise<TestUser> {
  const signIn = await login(owner.email, owner.password);
  const { access_token } = (await signIn.json()) as { access_token: string };
  return { ...owner, authHeader: { Authorization: `Bearer ${access_token}` } };
}

describe('an e-mail change at its edges', () => {
  it('the cancel removes a passkey the attacker added from an earlier session of theirs', async () => {
    const owner = await createUser(world.server);
    const earlier = await attackerSession(owner);
    expect((await addPasskey(world.server, earlier, 'Mine now')).res.status).toBe(201);
    // Later, from another sign-in, the change is asked for.
    const later = await attackerSession(owner);
    expect((await request(later, uniqueEmail('attacker'))).status).toBe(202);
    expect((await cancel(await cancelLink(owner.email))).status).toBe(200);
    expect(await passkeysOf(world.server, owner.id)).toEqual([]);
  });

  it("the owner's password change ends the change the attacker asked for", async () => {
    const owner = await createUser(world.server);
    const attacker = await attackerSession(owner);
    const address = uniqueEmail('pending');
    expect((await request(attacker, address)).status).toBe(202);
    const link = await confirmLink(address);
    const changed = await changePassword(world.server, owner, 'a brand new passphrase here');
    expect(changed.status).toBe(200);
    expect((await confirm(link)).status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it('signing out the session that asked makes its confirm link dead', async () => {
    const owner = await createUser(world.server);
    const attacker = await attackerSession(owner);
    const address = uniqueEmail('pending');
    expect((await request(attacker, address)).status).toBe(202);
    const link = await confirmLink(address);
    const { sessions } = (await (
      await world.server.fetch(SECURITY_API.sessions, { headers: owner.authHeader })
    ).json()) as { sessions: { id: string; current: boolean }[] };
    const others = sessions.filter((s) => !s.current);
    expect(others).toHaveLength(1);
    const out = await world.server.fetch(SECURITY_API.session(others[0]?.id ?? ''), {
      method: 'DELETE',
      headers: owner.authHeader,
    });
    expect(out.status).toBeLessThan(300);
    // Settings no longer shows it waiting: its link works no more.
    const shown = await world.server.fetch('/api/me/account/email', { headers: owner.authHeader });
    expect(await shown.json()).toEqual({ pending: null });
    expect((await confirm(link)).status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it('a half-signed-in cookie from before a password reset finishes nothing', async () => {
    const owner = await createUser(world.server);
    const { secret } = await enableTotp(world.server, owner);
    const { cookie } = await firstStep(world.server, owner);
    expect(cookie).not.toBe('');
    const asked = await withMail(world.server, owner.email, () =>
      postJson(world.server, '/api/auth/forgot-password', { email: owner.email }),
    );
    expect(asked.status).toBe(200);
    const reset = await latestLink(world.server, owner.email, '/auth/reset-password');
    const done = await postJson(world.server, '/api/auth/reset-password', {
      token: tokenOf(reset),
      password: 'a new one for sure',
    });
    expect(done.status).toBe(200);
    const res = await secondStep(world.server, cookie, 'totp', codeAt(secret, Date.now()));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
  it('Sign out all other sessions ends a half-signed-in state too: its second step finishes nothing', async () => {
    const owner = await createUser(world.server);
    const { secret } = await enableTotp(world.server, owner);
    // Someone with the password, stopped at the second step.
    const { cookie } = await firstStep(world.server, owner);
    expect(cookie).not.toBe('');
    const out = await postJson(world.server, SECURITY_API.signOutOthers, {}, owner.authHeader);
    expect(out.status).toBeLessThan(300);
    const res = await secondStep(world.server, cookie, 'totp', codeAt(secret, Date.now()));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('a change of address ended by Sign out all other sessions, or cancelled in Settings, is in the activity with where from', async () => {
    const kindsOf = async (user: TestUser) =>
      (
        await world.server.deps.dbHandle.db
          .selectFrom('security_events')
          .select(['kind', 'ip'])
          .where('user_id', '=', user.id)
          .where('kind', 'like', 'email_change%')
          .orderBy('created_at')
          .execute()
      ).map((e) => `${e.kind} ${e.ip ? 'with ip' : 'no ip'}`);
    const alone = await createUser(world.server);
    expect((await request(alone, uniqueEmail('next'))).status).toBe(202);
    // No other session: nothing else is signed out, but the change ended.
    expect(
      (await postJson(world.server, SECURITY_API.signOutOthers, {}, alone.authHeader)).status,
    ).toBeLessThan(300);
    expect(await kindsOf(alone)).toEqual([
      'email_change_requested with ip',
      'email_change_withdrawn with ip',
    ]);

    const owner = await createUser(world.server);
    expect((await request(owner, uniqueEmail('next'))).status).toBe(202);
    const withdrawn = await world.server.fetch('/api/me/account/email', {
      method: 'DELETE',
      headers: owner.authHeader,
    });
    expect(withdrawn.status).toBe(204);
    expect(await kindsOf(owner)).toEqual([
      'email_change_requested with ip',
      'email_change_withdrawn with ip',
    ]);
  });

  it('pressed in a browser where another account is signed in: that session ends, not only its cookie', async () => {
    const owner = await createUser(world.server);
    const other = await createUser(world.server);
    expect((await request(owner, uniqueEmail('shared'))).status).toBe(202);
    const res = await world.server.fetch('/api/auth/cancel-email-change', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: other.refreshCookie },
      body: JSON.stringify({ token: tokenOf(await cancelLink(owner.email)) }),
    });
    expect(res.status).toBe(200);
    const refreshed = await world.server.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: other.refreshCookie },
    });
    expect(refreshed.status).toBe(401);
    expect((await world.server.fetch('/api/me/sessions', { headers: other.authHeader })).status).toBe(401);
  });

  it('the same address in another spelling the database takes for it is no change', async () => {
    // lower() makes ΟΔΥΣΣΕΥΣ …σ, as it makes οδυσσευσ: one account's address, whatever JavaScript says.
    const domain = `same-${randomBytes(4).toString('hex')}.example.test`;
    const owner = await createUser(world.server, { email: `οδυσσευσ@${domain}` });
    for (const spelling of [`ΟΔΥΣΣΕΥΣ@${domain}`, ` οδυσσευσ@${domain.toUpperCase()} `]) {
      const res = await request(owner, spelling);
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe('email_unchanged');
    }
    expect(await outboxFor(world.server, owner.email)).toHaveLength(1);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it('the cancel link works for the 7 days the "address changed" mail promises, from that mail', async () => {
    const db = world.server.deps.dbHandle.db;
    const past = (hours: number) =>
      db
        .updateTable('email_changes')
        .set({
          created_at: sql`created_at - make_interval(hours => ${hours})`,
          confirmed_at: sql`confirmed_at - make_interval(hours => ${hours})`,
        })
        .execute();
    for (const [after, works] of [
      [156, true],
      [170, false],
    ] as const) {
      const owner = await createUser(world.server);
      const address = uniqueEmail('later');
      expect((await request(owner, address)).status).toBe(202);
      // Confirmed 23 hours after it was asked for (its link lasts 24).
      await db
        .updateTable('email_changes')
        .set({ created_at: sql`created_at - interval '23 hours'` })
        .where('user_id', '=', owner.id)
        .execute();
      expect((await confirm(await confirmLink(address))).status).toBe(200);
      expect(
        (await outboxFor(world.server, owner.email)).some((m) => /within 7 days/.test(m.text_body)),
      ).toBe(true);
      await past(after);
      // Housekeeping keeps what can still be cancelled.
      await ACCOUNTS_PURGE_STEPS.email_changes?.(db);
      const res = await cancel(await cancelLink(owner.email));
      expect(res.status).toBe(works ? 200 : 400);
      expect(await emailOf(owner.id)).toBe(works ? owner.email : address);
    }
  });
});
