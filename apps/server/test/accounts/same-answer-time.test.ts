import { API } from '@omnia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, whileHeld } from '../support/outside-session';
import { failedSignInsNoted } from '../support/queues';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, outboxFor, postJson, uniqueEmail } from '../support/users';

/*
 * Forgot password, resend and a wrong password at sign-in answer the same for an address with an
 * account and one without. The time they take must not differ either: writing a link and queueing
 * its mail (or the failure's line in the owner's activity) took a millisecond or two that an unknown
 * address never cost, enough to tell who has an account. A request now only queues itself,
 * whatever the address, and a worker does the rest later. To show it without measuring time, a
 * session of its own on the PostgreSQL server locks the table that work writes to: the answer
 * still comes, and the work follows once the table is free (PGlite has one connection: nothing
 * can hold it).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Runs `ask` while another session locks email_tokens; its answer, then how many mails followed. */
async function whileLinksAreLocked(email: string, ask: () => Promise<Response>) {
  const before = (await outboxFor(server, email)).length;
  const answer = await whileHeld(
    server.config.database.url,
    [['lock table email_tokens in exclusive mode', []]],
    async () => {
      const answered = await ask();
      // Answered while the link could not be written yet: nothing is queued so far.
      expect((await outboxFor(server, email)).length).toBe(before);
      return answered;
    },
  );
  for (let i = 0; (await outboxFor(server, email)).length === before && i < 1_000; i++)
    await new Promise((r) => setTimeout(r, 10));
  return { answer, mailed: (await outboxFor(server, email)).length - before };
}

describe.skipIf(!onPostgres)('an address with an account is answered before its mail is written', () => {
  it('forgot password: answered at once, the reset link follows', async () => {
    const user = await createUser(server);
    const { answer, mailed } = await whileLinksAreLocked(user.email, () =>
      postJson(server, API.auth.forgot, { email: user.email }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(mailed).toBe(1);
    expect(await latestLink(server, user.email, '/auth/reset-password')).toContain('token=');
  });

  it('resend: answered at once, the verification link follows', async () => {
    const email = uniqueEmail('unhurried');
    expect(
      (await postJson(server, API.auth.signup, { email, password: 'plum orchard lantern' })).status,
    ).toBe(201);
    const { answer, mailed } = await whileLinksAreLocked(email, () =>
      postJson(server, '/api/auth/resend', { email }),
    );
    expect(answer.status).toBe(200);
    expect(mailed).toBe(1);
  });

  it('a wrong password: answered at once, the line in the owner’s activity follows', async () => {
    const user = await createUser(server);
    const failedLines = () =>
      server.deps.dbHandle.db
        .selectFrom('security_events')
        .select('id')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'sign_in_failed')
        .execute();
    const answer = await whileHeld(
      server.config.database.url,
      [['lock table security_events in exclusive mode', []]],
      () => postJson(server, API.auth.login, { email: user.email, password: 'not the password' }),
    );
    // The same answer an unknown address gets, given while the line could not be written.
    const unknown = await postJson(server, API.auth.login, {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expect([answer.status, await answer.json()]).toEqual([unknown.status, await unknown.json()]);
    await failedSignInsNoted(server);
    expect(await failedLines()).toHaveLength(1);
  });
});
