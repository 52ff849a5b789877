import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, outboxFor, type TestUser } from '../support/users';
import { enableTotp, firstStep, secondStep } from './helpers';

/*
 * A recovery code is spent, and its use mailed as a sign-in, only by the second step that opens
 * the session: not by one whose half-signed-in state another request used first (a double submit,
 * a retrying client, two codes typed at once).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const spentCodes = async (user: TestUser) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .where('used_at', 'is not', null)
      .execute()
  ).length;
const sessionsOf = async (user: TestUser) =>
  (await server.deps.dbHandle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute())
    .length;
const codeMails = async (user: TestUser) =>
  (await outboxFor(server, user.email)).filter(
    (m) => m.subject === 'A recovery code of your Omnia account was used',
  ).length;

describe('a second step that opens no session spends nothing', () => {
  it('a code typed on a state already used is refused and stays unused', async () => {
    const user = await createUser(server);
    const { recoveryCodes } = await enableTotp(server, user);
    const [first = '', second = ''] = recoveryCodes;
    const { cookie } = await firstStep(server, user);
    expect((await secondStep(server, cookie, 'recovery', first)).status).toBe(200);
    const again = await secondStep(server, cookie, 'recovery', second);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('two_step_expired');
    expect(await spentCodes(user)).toBe(1);
    expect(await codeMails(user)).toBe(1);
    // The code left unused still signs in.
    const { cookie: next } = await firstStep(server, user);
    expect((await secondStep(server, next, 'recovery', second)).status).toBe(200);
  });

  it('a wrong code leaves the state for the next try', async () => {
    const user = await createUser(server);
    const { recoveryCodes } = await enableTotp(server, user);
    const { cookie } = await firstStep(server, user);
    // Another account's code: well formed, not this account's.
    const { recoveryCodes: others } = await enableTotp(server, await createUser(server));
    const wrong = await secondStep(server, cookie, 'recovery', others[0] ?? '');
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_code');
    expect((await secondStep(server, cookie, 'recovery', recoveryCodes[0] ?? '')).status).toBe(200);
    expect(await spentCodes(user)).toBe(1);
  });

  it.skipIf(!onPostgres)(
    'four codes at once on one state: one session, one code spent, one mail',
    async () => {
      const user = await createUser(server);
      const { recoveryCodes } = await enableTotp(server, user);
      const { cookie } = await firstStep(server, user);
      const before = await sessionsOf(user);
      const answers = await Promise.all(
        recoveryCodes.slice(0, 4).map((code) => secondStep(server, cookie, 'recovery', code)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
      expect((await sessionsOf(user)) - before).toBe(1);
      expect(await spentCodes(user)).toBe(1);
      expect(await codeMails(user)).toBe(1);
    },
  );
});
