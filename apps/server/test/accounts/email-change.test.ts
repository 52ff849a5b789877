import type { CancelEmailChangeResponse } from '@omnia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPasskey, passkeysOf } from '../factors/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createUser,
  latestLink,
  outboxFor,
  postJson,
  type TestUser,
  uniqueEmail,
  withMail,
} from '../support/users';
import { emailChangeCalls } from './email-change-support';

/** Changing the e-mail address: confirmed by the new address, and the old one's link gives the account back. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const { request, login, tokenOf, confirm, cancel, confirmLink, cancelLink, codeOf, emailOf } =
  emailChangeCalls(() => server);
const alive = async (user: TestUser) =>
  (await server.fetch('/api/me/profile', { headers: user.authHeader })).status === 200;

describe('changing the e-mail address', () => {
  it('the new address confirms; until then the old one signs in; the old one is told and can cancel, which undoes it and signs out everywhere', async () => {
    const user = await createUser(server);
    const next = uniqueEmail('moved');
    expect((await request(user, next)).status).toBe(202);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(next, user.password)).status).toBe(400);
    const confirmAt = await confirmLink(next);
    const cancelAt = await cancelLink(user.email);

    const confirmed = await confirm(confirmAt);
    expect(confirmed.status).toBe(200);
    expect((await login(next, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(400);
    expect((await outboxFor(server, user.email)).map((m) => m.subject)).toContain(
      'Your Omnia email address was changed',
    );
    // The link works once.
    const again = await confirm(confirmAt);
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('invalid_token');

    const cancelled = await cancel(cancelAt);
    expect(cancelled.status).toBe(200);
    const body = (await cancelled.json()) as CancelEmailChangeResponse;
    expect(body).toMatchObject({ restored: true, email: user.email });
    // Whoever asked knew the password: it no longer works anywhere.
    expect((await login(user.email, user.password)).status).toBe(400);
    expect((await login(next, user.password)).status).toBe(400);
    expect(await alive(user)).toBe(false);
    // The page's 'Set a new password' works once with the token it was given.
    const reset = await postJson(server, '/api/auth/reset-password', {
      token: body.reset_token,
      password: 'back in control at last',
    });
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'back in control at last')).status).toBe(200);
  });

  it('opening a link changes nothing (mail scanners open links): only the page’s button does', async () => {
    const user = await createUser(server);
    const next = uniqueEmail('scanned');
    expect((await request(user, next)).status).toBe(202);
    const confirmAt = await confirmLink(next);
    const cancelAt = await cancelLink(user.email);
    for (const [api, page, link] of [
      ['/api/auth/confirm-email', '/auth/confirm-email', confirmAt],
      ['/api/auth/cancel-email-change', '/auth/cancel-email-change', cancelAt],
    ] as const) {
      const res = await server.fetch(`${api}?token=${tokenOf(link)}`, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${page}?token=${tokenOf(link)}`);
    }
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await alive(user)).toBe(true);
    expect((await confirm(confirmAt)).status).toBe(200);
    expect(await emailOf(user.id)).toBe(next);
  });

  it('an address with an account: the requester sees exactly what a free address gives; nothing can move to it', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const countOf = async (table: 'security_events' | 'notifications') =>
      Number(
        (
          await server.deps.dbHandle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const answerFor = async (email: string) => {
      const events = await countOf('security_events');
      const notices = await countOf('notifications');
      const mails = (await outboxFor(server, user.email)).length;
      const res = await request(user, email);
      return {
        status: res.status,
        body: await res.json(),
        events: (await countOf('security_events')) - events,
        notices: (await countOf('notifications')) - notices,
        mails: (await outboxFor(server, user.email)).length - mails,
        subject: (await outboxFor(server, user.email))[0]?.subject,
      };
    };
    const taken = await answerFor(other.email);
    const free = await answerFor(uniqueEmail('free'));
    expect(taken).toEqual(free);
    expect(taken.status).toBe(202);
    expect(taken.notices).toBeGreaterThan(0);
    // The holder of the taken address is told why it got mail; no link to confirm anything.
    const [note] = await outboxFor(server, other.email);
    expect(note?.subject).toBe('Someone tried to use this address for another Omnia account');
    expect(note?.text_body).not.toContain('/auth/confirm-email');
    expect(await emailOf(user.id)).toBe(user.email);

    expect((await request(user, uniqueEmail('x'), 'not it')).status).toBe(400);
    expect((await request(user, user.email.toUpperCase())).status).toBe(400);
    expect((await request(user, 'not an address')).status).toBe(400);
  });

  it('a sign-up with the new address before the link is used: the link then fails, nobody has two accounts', async () => {
    const user = await createUser(server);
    const next = uniqueEmail('race');
    expect((await request(user, next)).status).toBe(202);
    const confirmAt = await confirmLink(next);
    const [signup, confirmed] = await Promise.all([
      postJson(server, '/api/auth/signup', { email: next, password: 'copper lantern meadow' }),
      confirm(confirmAt),
    ]);
    const owners = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', next.toLowerCase()))
      .execute();
    expect(owners).toHaveLength(1);
    // Whichever came first holds the address; the other was told.
    expect(signup.status === 201 || confirmed.status === 200).toBe(true);
    expect(confirmed.status).toBeLessThan(500);
  });
});

describe('what the requester added before asking', () => {
  it('a passkey added by the requesting session before the request goes with the cancel', async () => {
    const owner = await createUser(server);
    // The attacker signs in with the phished password: a session of their own.
    const signIn = await login(owner.email, owner.password);
    const attacker: TestUser = {
      ...owner,
      authHeader: {
        Authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}`,
      },
    };
    expect((await addPasskey(server, attacker, 'Mine now')).res.status).toBe(201);
    expect((await request(attacker, uniqueEmail('attacker'))).status).toBe(202);
    expect((await cancel(await cancelLink(owner.email))).status).toBe(200);
    expect(await passkeysOf(server, owner.id)).toEqual([]);
  });
});

describe('a pending change ends with the sessions it was asked from', () => {
  it('a password reset makes the confirm link dead', async () => {
    const owner = await createUser(server);
    const attackerAddress = uniqueEmail('pending');
    expect((await request(owner, attackerAddress)).status).toBe(202);
    const confirmAt = await confirmLink(attackerAddress);
    // The owner resets the password (which ends the attacker's session)...
    const asked = await withMail(server, owner.email, () =>
      postJson(server, '/api/auth/forgot-password', { email: owner.email }),
    );
    expect(asked.status).toBe(200);
    const resetLink = await latestLink(server, owner.email, '/auth/reset-password');
    expect(
      (
        await postJson(server, '/api/auth/reset-password', {
          token: tokenOf(resetLink),
          password: 'a new one for sure',
        })
      ).status,
    ).toBe(200);
    // ...and the attacker's confirm link no longer moves the address.
    const res = await confirm(confirmAt);
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('invalid_token');
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it('signing out every other session makes the confirm link dead', async () => {
    const owner = await createUser(server);
    const attackerAddress = uniqueEmail('pending');
    expect((await request(owner, attackerAddress)).status).toBe(202);
    const confirmAt = await confirmLink(attackerAddress);
    expect(
      (await postJson(server, '/api/me/sessions/sign-out-others', {}, owner.authHeader)).status,
    ).toBeLessThan(300);
    expect((await confirm(confirmAt)).status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });
});

describe('the waiting change in Settings', () => {
  it('is listed for its owner, who cancels it there: its confirm link then does nothing', async () => {
    const owner = await createUser(server);
    const next = uniqueEmail('shown');
    const list = async () =>
      (
        (await (await server.fetch('/api/me/account/email', { headers: owner.authHeader })).json()) as {
          pending: { new_email: string } | null;
        }
      ).pending;
    expect(await list()).toBeNull();
    expect((await request(owner, next)).status).toBe(202);
    expect(await list()).toMatchObject({ new_email: next });
    const cancelled = await server.fetch('/api/me/account/email', {
      method: 'DELETE',
      headers: owner.authHeader,
    });
    expect(cancelled.status).toBe(204);
    expect(await list()).toBeNull();
    expect((await confirm(await confirmLink(next))).status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect(
      (await server.fetch('/api/me/account/email', { method: 'DELETE', headers: owner.authHeader })).status,
    ).toBe(404);
    expect((await server.fetch('/api/me/account/email')).status).toBe(401);
  });
});

describe('bad links', () => {
  it.each([[{}], [{ token: '' }], [{ token: 7 }], [{ token: 'x'.repeat(201) }], [{ token: 'made-up' }]])(
    '%j: a 400, nothing changed',
    async (body) => {
      for (const path of ['/api/auth/confirm-email', '/api/auth/cancel-email-change']) {
        const res = await postJson(server, path, body);
        expect(res.status).toBe(400);
      }
    },
  );
});
