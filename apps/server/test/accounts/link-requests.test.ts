import { API } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_PURGE_STEPS } from '../../src/modules/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, outboxFor, postJson, uniqueEmail, withMail } from '../support/users';

/*
 * Forgot password and resend queue a request whatever the address; the accounts worker takes each
 * one and writes a link only where there is an account to send it to (same-answer-time.test.ts
 * says why). Here: what the worker does with each kind of address, and that nothing is left behind.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const waiting = async () =>
  (await server.deps.dbHandle.db.selectFrom('link_requests').select('id').execute()).length;
/** Until the worker has taken every queued request. */
async function taken() {
  for (let i = 0; (await waiting()) > 0; i++) {
    if (i >= 1_000) throw new Error('link requests were never taken');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A trigger on email_tokens running `body` (PL/pgSQL) for each link written, as `name`; the returned
 * function removes it.
 */
async function onLinkWritten(name: string, body: string) {
  const db = server.deps.dbHandle.db;
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${name} before insert on email_tokens for each row execute function ${name}()`)
    .execute(db);
  return () => sql.raw(`drop trigger if exists ${name} on email_tokens`).execute(db);
}

describe('link requests', () => {
  it('an unknown address, or a resend for a verified one, is taken and mails nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const verified = await createUser(server);
    const mailed = (await outboxFor(server, verified.email)).length;
    expect((await postJson(server, API.auth.forgot, { email: unknown })).status).toBe(200);
    expect((await postJson(server, '/api/auth/resend', { email: unknown })).status).toBe(200);
    expect((await postJson(server, '/api/auth/resend', { email: verified.email })).status).toBe(200);
    await taken();
    expect(await outboxFor(server, unknown)).toHaveLength(0);
    expect(await outboxFor(server, verified.email)).toHaveLength(mailed);
  });

  it('an account gets its link whatever the case of the address typed, and the request is gone', async () => {
    const user = await createUser(server);
    const asked = await withMail(server, user.email, () =>
      postJson(server, API.auth.forgot, { email: user.email.toUpperCase() }),
    );
    expect(asked.status).toBe(200);
    await taken();
    const [mail] = await outboxFor(server, user.email);
    expect(mail?.subject).toBe('Reset your Omnia password');
  });

  it('requests nobody took for a day are purged; newer ones are left for the worker', async () => {
    const [stale, fresh] = [uniqueEmail('stale'), uniqueEmail('fresh')];
    // In one transaction, so the worker cannot take them meanwhile.
    await server.deps.dbHandle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('link_requests')
        .values([
          { purpose: 'reset', email: stale, created_at: new Date(Date.now() - 2 * 86_400_000) },
          { purpose: 'reset', email: fresh },
        ])
        .execute();
      expect(await ACCOUNTS_PURGE_STEPS.link_requests?.(trx)).toBe(1);
      const left = await trx
        .selectFrom('link_requests')
        .select('email')
        .where('email', 'in', [stale, fresh])
        .execute();
      expect(left).toEqual([{ email: fresh }]);
    });
    await taken();
  });

  it('a request whose link cannot be written is dropped; the others are written all the same', async () => {
    const [poisoned, other] = [await createUser(server), await createUser(server)];
    // Writing the first account's link fails every time (a trigger raising, for that account only).
    const calm = await onLinkWritten(
      'omnia_test_refuse',
      `if new.user_id = '${poisoned.id}' then raise exception 'refused'; end if;`,
    );
    try {
      const mailed = (await outboxFor(server, poisoned.email)).length;
      expect((await postJson(server, API.auth.forgot, { email: poisoned.email })).status).toBe(200);
      const asked = await withMail(server, other.email, () =>
        postJson(server, API.auth.forgot, { email: other.email }),
      );
      expect(asked.status).toBe(200);
      await taken();
      expect(await outboxFor(server, poisoned.email)).toHaveLength(mailed);
    } finally {
      await calm();
    }
  });

  it('a request that meets a momentary failure (a serialization failure) is kept and written on a later pass', async () => {
    const user = await createUser(server);
    const db = server.deps.dbHandle.db;
    // Every attempt is counted (a sequence is not rolled back) and fails, until the trigger goes.
    await sql.raw('create sequence if not exists omnia_test_attempts').execute(db);
    const calm = await onLinkWritten(
      'omnia_test_momentary',
      `if new.user_id = '${user.id}' then
         perform nextval('omnia_test_attempts');
         raise exception 'try again' using errcode = '40001';
       end if;`,
    );
    const attempts = async () =>
      Number(
        (await sql<{ n: string }>`select last_value::text as n from omnia_test_attempts`.execute(db)).rows[0]
          ?.n,
      );
    try {
      const before = await attempts();
      const mailed = (await outboxFor(server, user.email)).length;
      expect((await postJson(server, API.auth.forgot, { email: user.email })).status).toBe(200);
      for (let i = 0; (await attempts()) < before + 2; i++) {
        if (i >= 1_000) throw new Error('the worker never tried');
        await new Promise((r) => setTimeout(r, 10));
      }
      // Tried twice, failed twice: still queued.
      expect(await outboxFor(server, user.email)).toHaveLength(mailed);
      expect(await waiting()).toBe(1);
      await calm();
      await taken();
      for (let i = 0; (await outboxFor(server, user.email)).length === mailed; i++) {
        if (i >= 1_000) throw new Error('no reset link');
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await calm();
    }
  });
});
