import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/**
 * A request that collides with a concurrent change (a row deleted under its write, a deadlock that
 * PostgreSQL breaks by failing it) asks the person to reload and try again: 409, never a 500.
 * The collision is made here by a trigger raising the code PostgreSQL would raise.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function collideOn(code: string) {
  const db = server.deps.dbHandle.db;
  await sql
    .raw(
      `create or replace function omnia_test_collide() returns trigger language plpgsql as $$
       begin raise exception 'collided' using errcode = '${code}'; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger omnia_test_collide before insert or update on user_preferences
       for each row execute function omnia_test_collide()`,
    )
    .execute(db);
}
const calm = () =>
  sql.raw('drop trigger if exists omnia_test_collide on user_preferences').execute(server.deps.dbHandle.db);

describe('a request colliding with a concurrent change', () => {
  it.each([
    ['a deadlock', '40P01'],
    ['a row deleted under a write', '23503'],
    ['a serialization failure', '40001'],
  ])('%s answers 409 changed_meanwhile; the same request afterwards succeeds', async (_what, code) => {
    const user = await createUser(server);
    const save = () =>
      server.fetch('/api/me/preferences', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...user.authHeader },
        body: JSON.stringify({ theme: 'dark', language: 'fr' }),
      });
    await collideOn(code);
    try {
      const collided = await save();
      expect(collided.status).toBe(409);
      expect(await errorOf(collided)).toMatchObject({
        code: 'changed_meanwhile',
        message: 'This changed elsewhere at the same moment. Reload and try again.',
      });
    } finally {
      await calm();
    }
    expect((await save()).status).toBe(200);
  });

  it('any other database failure is still a logged 500, with its request id', async () => {
    const user = await createUser(server);
    await collideOn('22012');
    try {
      const failed = await server.fetch('/api/me/preferences', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...user.authHeader },
        body: JSON.stringify({ theme: 'dark', language: 'fr' }),
      });
      expect(failed.status).toBe(500);
      expect(await errorOf(failed)).toMatchObject({ code: 'internal', requestId: expect.any(String) });
    } finally {
      await calm();
    }
  });
});
