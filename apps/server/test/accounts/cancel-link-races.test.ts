import type { CancelEmailChangeResponse } from '@omnia/contracts';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { createUser, outboxFor, postJson, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * The cancel link retires every reset link of the account in its transaction. The link-requests
 * worker may be writing one at that moment, for a 'Forgot password' whoever changed the address
 * sent for the address the account had until the cancel: the two must not pass each other, or that
 * link outlives the cancel. Here the worker is paused after writing its link, by a lock on the mail
 * outbox held from another session (PostgreSQL only).
 */
const { world, request, confirm, cancel, confirmLink, cancelLink, emailOf } = useEmailChangeServer();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('the cancel link racing the link-requests worker', () => {
  it('retires the reset link the worker was writing for the changed address', async () => {
    const server = world.server;
    const owner = await createUser(server);
    const changedTo = uniqueEmail('changer');
    expect((await request(owner, changedTo)).status).toBe(202);
    const ownersCancel = await cancelLink(owner.email);
    expect((await confirm(await confirmLink(changedTo))).status).toBe(200);
    const mailed = (await outboxFor(server, changedTo)).length;

    const outside = new pg.Client({ connectionString: server.config.database.url });
    await outside.connect();
    let cancelled: Promise<Response>;
    try {
      await outside.query('begin');
      await outside.query('lock table mail_outbox in exclusive mode');
      expect((await postJson(server, '/api/auth/forgot-password', { email: changedTo })).status).toBe(200);
      // The worker has written its link and waits to queue its mail.
      let waiting = false;
      for (let i = 0; i < 400 && !waiting; i++) {
        const { rows } = await outside.query<{ n: number }>(
          `select count(*)::int as n from pg_locks w
            where not w.granted and w.relation = 'mail_outbox'::regclass
              and exists (select 1 from pg_locks t where t.pid = w.pid and t.granted
                           and t.relation = 'email_tokens'::regclass and t.mode = 'RowExclusiveLock')`,
        );
        waiting = (rows[0]?.n ?? 0) > 0;
        if (!waiting) await sleep(25);
      }
      expect(waiting).toBe(true);
      // The owner presses the cancel button meanwhile.
      cancelled = cancel(ownersCancel);
      await sleep(300);
      await outside.query('commit');
    } finally {
      await outside.end();
    }
    const res = await cancelled;
    expect(res.status).toBe(200);
    const body = (await res.json()) as CancelEmailChangeResponse;
    expect(body.restored).toBe(true);
    expect(await emailOf(owner.id)).toBe(owner.email);
    // The worker's mail went out, but its link no longer works; the owner's reset token does.
    const sent = await outboxFor(server, changedTo);
    expect(sent.length).toBe(mailed + 1);
    const link = /https?:\/\/\S+\/auth\/reset-password\?token=([\w-]+)/.exec(sent[0]?.text_body ?? '');
    const check = await postJson(server, '/api/auth/reset-password/check', { token: link?.[1] ?? '' });
    expect(await check.json()).not.toEqual({ state: 'valid' });
    const ownersReset = await postJson(server, '/api/auth/reset-password', {
      token: body.reset_token,
      password: 'owner took it back now',
    });
    expect(ownersReset.status).toBe(200);
  });
});
