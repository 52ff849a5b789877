import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { recipientOf, type SmtpPeer, startSmtpPeer } from '../support/smtp';
import { freePort, startTestServer } from '../support/test-server';
import { linkIn, outboxFor, postJson, refreshCookieOf, uniqueEmail, verifyCookieOf } from '../support/users';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('outbox over SMTP', () => {
  it('delivers the verification e-mail to a real SMTP peer and its link works', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const server = await startTestServer({ SMTP_URL: peer.url, MAIL_FROM: 'Omnia <no-reply@omnia.test>' });
    cleanups.push(() => server.close());

    const email = uniqueEmail('smtp');
    const signup = await postJson(server, '/api/auth/signup', { email, password: 'plum orchard lantern' });
    expect(signup.status).toBe(201);
    const mail = await peer.waitFor((m) => recipientOf(m) === email);
    expect(mail.subject).toBe('Confirm your Omnia account');
    expect(mail.from?.text).toContain('no-reply@omnia.test');
    expect(mail.html).toContain('Verify my email');
    const link = linkIn(mail.text ?? '', '/auth/callback');
    expect(link).toBeTruthy();
    // Its button pressed in the browser that signed up (it holds the sign-up's nonce cookie): signed in.
    const token = new URL(link ?? '', 'http://x').searchParams.get('token');
    const res = await postJson(
      server,
      '/api/auth/verify',
      { token },
      { cookie: verifyCookieOf(signup) ?? '' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signed_in: true });
    expect(refreshCookieOf(res)).toBeTruthy();
    const [row] = await outboxFor(server, email);
    expect(row?.sent_at).not.toBeNull();
    // Delivered, it keeps no body: the link lives in the mailbox only, not readable in the database.
    expect({ text: row?.text_body, html: row?.html_body }).toEqual({ text: '', html: '' });
    // No dev mailbox when real SMTP is configured.
    expect((await server.fetch('/dev/mailbox')).status).toBe(404);
  });

  it('keeps mail queued while the SMTP peer is down and delivers it when it comes back', async () => {
    const port = await freePort();
    const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => server.close());

    const email = uniqueEmail('outage');
    expect((await postJson(server, '/api/auth/forgot-password', { email })).status).toBe(200); // unknown: no mail
    expect(
      (await postJson(server, '/api/auth/signup', { email, password: 'plum orchard lantern' })).status,
    ).toBe(201);
    const failed = await until(async () => {
      const [row] = await outboxFor(server, email);
      return row && row.attempts >= 1 && row.last_error ? row : undefined;
    });
    expect(failed.sent_at).toBeNull();
    expect(failed.failed_at).toBeNull();
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Rescheduled with back-off, not dropped.
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now());

    let peer: SmtpPeer | undefined = await startSmtpPeer(port);
    cleanups.push(() => peer?.close() ?? Promise.resolve());
    // Skip the back-off wait: make the retry due now.
    await server.deps.dbHandle.db.updateTable('mail_outbox').set({ next_attempt_at: sql`now()` }).execute();
    const mail = await peer.waitFor((m) => recipientOf(m) === email);
    expect(mail.subject).toBe('Confirm your Omnia account');
    const delivered = await until(async () => {
      const [row] = await outboxFor(server, email);
      return row?.sent_at ? row : undefined;
    });
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(peer.messages.filter((m) => recipientOf(m) === email)).toHaveLength(1);
    await peer.close();
    peer = undefined;
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  it('lists messages newest first at /dev/mailbox, escaping everything', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const email = uniqueEmail('dev');
    await postJson(server, '/api/auth/signup', { email, password: 'plum orchard lantern' });
    await server.deps.dbHandle.db
      .insertInto('mail_outbox')
      .values({
        to_address: 'evil@example.test',
        subject: '<script>alert(1)</script>',
        text_body: 'x',
        html_body: 'x',
      })
      .execute();
    const res = await server.fetch('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('/auth/callback?token=');
    expect(html.indexOf('&lt;script&gt;')).toBeLessThan(html.indexOf('Confirm your Omnia account'));
  });

  it('is not mounted in production, where without SMTP_URL a message fails and keeps no text', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40) });
    cleanups.push(() => server.close());
    const res = await server.fetch('/dev/mailbox');
    // Either a 404 or the web app's index page, never the mailbox.
    expect(await res.text()).not.toContain('dev mailbox');
    // Nothing can send it: it fails for good, said so, and its links do not stay in the database.
    const email = uniqueEmail('prod');
    await postJson(server, '/api/auth/signup', { email, password: 'plum orchard lantern' });
    const failed = await until(async () => {
      const [row] = await outboxFor(server, email);
      return row?.failed_at ? row : undefined;
    });
    expect(failed).toMatchObject({ sent_at: null, last_error: 'SMTP_URL is not set: message not sent' });
    expect({ text: failed.text_body, html: failed.html_body }).toEqual({ text: '', html: '' });
  });
});
