import type { TotpSetup } from '@omnia/contracts/factors';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/modules/factors';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, type TestUser } from '../support/users';
import { confirmItsYou } from './helpers';

/**
 * An authenticator app's first code counts as a fresh second factor and brings recovery codes, so
 * guessing it is what an outside review attacked: a stale session, many guesses, an old setup.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
async function started(user: TestUser) {
  await confirmItsYou(server, user);
  const res = await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader);
  expect(res.status).toBe(200);
  return ((await res.json()) as TotpSetup).secret;
}
const verify = (user: TestUser, code: string) =>
  postJson(server, '/api/me/factors/totp/verify', { code }, user.authHeader);

describe("an authenticator app's first code", () => {
  it('is refused to a session no longer confirmed, which gets no recovery codes', async () => {
    const user = await createUser(server);
    const secret = await started(user);
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ authenticated_at: sql`now() - interval '1 hour'`, confirmed_at: sql`now() - interval '1 hour'` })
      .where('user_id', '=', user.id)
      .execute();
    const res = await verify(user, codeAt(secret, Date.now()));
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('step_up_required');
  });

  it('is guessed ten times at most in a quarter of an hour, the right code included', async () => {
    const user = await createUser(server);
    const secret = await started(user);
    const right = codeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) expect((await verify(user, wrong)).status).toBe(400);
    const res = await verify(user, right);
    expect(res.status).toBe(429);
  });

  it('is not taken for a setup started more than ten minutes ago', async () => {
    const user = await createUser(server);
    const secret = await started(user);
    await server.deps.dbHandle.db
      .updateTable('totp_factors')
      .set({ created_at: sql`now() - interval '11 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    const res = await verify(user, codeAt(secret, Date.now()));
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('totp_not_started');
  });
});
