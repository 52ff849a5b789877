import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson } from '../support/users';
import { codeAt, enableTotp, firstStep, secondStep } from './helpers';

/*
 * An authenticator secret sealed under another SECRET_KEY (the operator changed it) cannot be
 * opened: the second step answered 500. It now says what to do, and a recovery code still works.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The account's authenticator secret as if sealed under another SECRET_KEY. */
const sealUnderAnotherKey = (userId: string) =>
  server.deps.dbHandle.db
    .updateTable('totp_factors')
    .set({ secret: 'sealed-under-another-key' })
    .where('user_id', '=', userId)
    .execute();

describe('an authenticator secret that does not open', () => {
  it('the second step says so (409), changes nothing, and a recovery code still signs in', async () => {
    const user = await createUser(server);
    const { secret, recoveryCodes } = await enableTotp(server, user);
    await sealUnderAnotherKey(user.id);
    const { cookie } = await firstStep(server, user);
    const refused = await secondStep(server, cookie, 'totp', codeAt(secret));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'authenticator_unreadable' } });
    const recovered = await secondStep(server, cookie, 'recovery', recoveryCodes[0] ?? '');
    expect(recovered.status, await recovered.clone().text()).toBe(200);
  });

  it('“Confirm it’s you” with it says so as often as asked, and never locks the account', async () => {
    const user = await createUser(server);
    const { secret, recoveryCodes } = await enableTotp(server, user);
    await sealUnderAnotherKey(user.id);
    for (let i = 0; i < 7; i++) {
      const res = await postJson(
        server,
        '/api/auth/reauthenticate',
        { code: codeAt(secret) },
        user.authHeader,
      );
      expect(res.status, `try ${i + 1}`).toBe(409);
    }
    const { cookie } = await firstStep(server, user);
    expect((await secondStep(server, cookie, 'recovery', recoveryCodes[0] ?? '')).status).toBe(200);
  });
});
