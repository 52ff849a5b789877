import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedSignInsNoted } from '../support/queues';
import { recipientOf, type SmtpPeer, startSmtpPeer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, linkIn, outboxFor, postJson, type TestUser, uniqueEmail } from '../support/users';

/** The e-mail that tells an account's owner that sign-in is paused after repeated failures. */
let peer: SmtpPeer;
let server: TestServer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: peer.url, TRUST_PROXY: 'true' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const SPANISH_SUBJECT = 'El inicio de sesión en tu cuenta de Omnia está en pausa';
const login = (email: string, password: string, ip = '10.17.0.1') =>
  postJson(server, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });
/** The address's mails once every wrong password queued at sign-in has been noted. */
const noted = async (email: string) => {
  await failedSignInsNoted(server);
  return outboxFor(server, email);
};
const lockMailsIn = (mails: { subject: string }[]) => mails.filter((m) => m.subject === SPANISH_SUBJECT);

async function speaks(user: TestUser, language: string) {
  const res = await server.fetch('/api/me/preferences', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({ theme: 'dark', language }),
  });
  expect(res.status).toBe(200);
}

/** Moves the account's windows on by this long (15 minutes: the lock's), as if that time had passed. */
async function timePasses(email: string, interval = '15 minutes 1 second') {
  await server.deps.dbHandle.db
    .updateTable('rate_limits')
    .set({ reset_at: sql`reset_at - ${interval}::interval` })
    .where(sql<string>`key`, 'like', `%:${email.toLowerCase()}`)
    .execute();
}

describe('the account-locked e-mail', () => {
  it('arrives once per lock, in the account’s language, and its link leads to a password reset', async () => {
    const user = await createUser(server);
    await speaks(user, 'es');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await login(user.email, `wrong ${i}`)).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);

    const mail: ParsedMail = await peer.waitFor(
      (m) => recipientOf(m) === user.email && m.subject === SPANISH_SUBJECT,
    );
    expect(mail.text).toContain(
      `Tras varios intentos fallidos de iniciar sesión en la cuenta de Omnia de ${user.email}, el inicio de sesión queda en pausa durante 15 minutos.`,
    );
    expect(mail.text).toContain('Si no has sido tú, restablece tu contraseña');
    expect(mail.html).toContain('<html lang="es">');

    // More refused attempts (login and change password) in the same lock: no second mail.
    for (let i = 0; i < 3; i++) expect((await login(user.email, `more ${i}`)).status).toBe(429);
    const change = await postJson(
      server,
      '/api/auth/change-password',
      { currentPassword: 'guess', password: 'another password' },
      user.authHeader,
    );
    expect(change.status).toBe(429);
    expect(lockMailsIn(await noted(user.email))).toHaveLength(1);

    // Recorded in the account's security activity, once.
    const events = (await (
      await server.fetch('/api/me/security-events', { headers: user.authHeader })
    ).json()) as { events: { kind: string; detail: Record<string, unknown> }[] };
    const locked = events.events.filter((e) => e.kind === 'account_locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]?.detail).toEqual({ minutes: 15 });

    // The link: the forgot-password screen of this deployment. What that screen sends works even
    // while the account is locked, and the reset it mails lifts the lock.
    const link = linkIn(mail.text ?? '', '/auth/forgot-password');
    expect(link).toBe('/auth/forgot-password');
    expect(mail.text).toContain(`${server.config.publicUrl}/auth/forgot-password`);
    expect((await postJson(server, '/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const resetMail = await peer.waitFor(
      (m) => recipientOf(m) === user.email && m.subject === 'Restablece tu contraseña de Omnia',
    );
    const token = new URL(
      linkIn(resetMail.text ?? '', '/auth/reset-password') ?? '',
      'http://x',
    ).searchParams.get('token');
    const reset = await postJson(server, '/api/auth/reset-password', { token, password: 'fresh password 1' });
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'fresh password 1')).status).toBe(200);
  });

  it('mails once a day however often a stranger locks the account again, then again the next day', async () => {
    const user = await createUser(server);
    await speaks(user, 'es');
    for (let i = 0; i < 5; i++) await login(user.email, `wrong ${i}`, '10.17.1.1');
    // Five guesses every fifteen minutes would otherwise mail the owner 96 times a day.
    for (let lock = 0; lock < 3; lock++) {
      await timePasses(user.email);
      for (let i = 0; i < 5; i++)
        expect((await login(user.email, `again ${lock}-${i}`, '10.17.1.2')).status).not.toBe(200);
    }
    expect(lockMailsIn(await noted(user.email))).toHaveLength(1);
    await timePasses(user.email, '1 day');
    for (let i = 0; i < 5; i++) await login(user.email, `next day ${i}`, '10.17.1.3');
    expect(lockMailsIn(await noted(user.email))).toHaveLength(2);
  });

  it('a burst that locks the account sends one mail', async () => {
    const user = await createUser(server);
    await speaks(user, 'es');
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `burst ${i}`, '10.17.2.1')));
    expect(lockMailsIn(await noted(user.email))).toHaveLength(1);
  });

  it('an address without an account gets nothing', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 6; i++) await login(nobody, `wrong ${i}`, '10.17.3.1');
    expect(await noted(nobody)).toHaveLength(0);
  });
});
