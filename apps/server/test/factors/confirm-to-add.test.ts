import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, secondSessionOf } from '../support/users';
import { addPasskey, codeAt, confirmItsYou, enableTotp, firstStep, secondStep, sessionOf } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

/*
 * A browser left signed in, or a cookie copied in the minutes after its owner signed in, must not
 * add a way to sign in of its own (an authenticator app, a passkey, new recovery codes) that would
 * outlive the session, nor turn two-step off: those ask 'Confirm it's you' every time, and a
 * sign-in, however fresh, does not count.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const refusedForStepUp = async (res: Response) => {
  expect(res.status).toBe(403);
  expect(await errorCode(res)).toBe('step_up_required');
};

describe("adding a way to sign in asks 'Confirm it's you'", () => {
  it('of a session that has just signed in with the password', async () => {
    const user = await createUser(server);
    await refusedForStepUp(await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader));
    await refusedForStepUp(
      await postJson(server, '/api/me/factors/totp/verify', { code: '123456' }, user.authHeader),
    );
    await refusedForStepUp(await postJson(server, '/api/me/passkeys/options', {}, user.authHeader));
    expect(
      (await server.fetch('/api/me/factors', { headers: user.authHeader }).then((r) => r.json())) as {
        passkeys: unknown[];
      },
    ).toMatchObject({ passkeys: [] });

    await confirmItsYou(server, user);
    expect((await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader)).status).toBe(200);
    expect((await addPasskey(server, user, 'Laptop', null)).res.status).toBe(201);
  });

  it('of a session that has just signed in with its password and code, which also cannot turn two-step off', async () => {
    const owner = await createUser(server);
    const { secret } = await enableTotp(server, owner);
    const { cookie } = await firstStep(server, owner);
    const signedIn = await sessionOf(await secondStep(server, cookie, 'totp', codeAt(secret)));
    const session = { ...owner, authHeader: { Authorization: `Bearer ${signedIn.access_token}` } };

    await refusedForStepUp(await postJson(server, '/api/me/recovery-codes', {}, session.authHeader));
    await refusedForStepUp(await postJson(server, '/api/me/passkeys/options', {}, session.authHeader));
    await refusedForStepUp(
      await server.fetch('/api/me/factors/totp', { method: 'DELETE', headers: session.authHeader }),
    );

    // A later time step than the sign-in's: a code counts once.
    await confirmItsYou(server, session, { code: codeAt(secret, Date.now() + 30_000) });
    expect((await postJson(server, '/api/me/recovery-codes', {}, session.authHeader)).status).toBe(200);
  });

  it('with a second factor once the account has one: a confirmation by password before does not count', async () => {
    const owner = await createUser(server);
    // Someone who knows the password, signed in elsewhere, confirms it's them with it.
    const intruder = await secondSessionOf(server, owner);
    await confirmItsYou(server, intruder);
    // The owner turns two-step on in their own session.
    await enableTotp(server, owner);
    await refusedForStepUp(await postJson(server, '/api/me/recovery-codes', {}, intruder.authHeader));
    await refusedForStepUp(await postJson(server, '/api/me/passkeys/options', {}, intruder.authHeader));
    await refusedForStepUp(
      await server.fetch('/api/me/factors/totp', { method: 'DELETE', headers: intruder.authHeader }),
    );
    // The owner's session, which set the app up with its first code, still may.
    expect((await postJson(server, '/api/me/recovery-codes', {}, owner.authHeader)).status).toBe(200);
  });

  it("of which a new authenticator app's first code is no answer", async () => {
    const user = await createUser(server);
    await confirmItsYou(server, user);
    const earlier = new Date(Date.now() - 5 * 60_000);
    const sessions = server.deps.dbHandle.db.updateTable('sessions').where('user_id', '=', user.id);
    await sessions.set({ confirmed_at: earlier }).execute();
    const setup = (await (
      await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader)
    ).json()) as {
      secret: string;
    };
    expect(
      (await postJson(server, '/api/me/factors/totp/verify', { code: codeAt(setup.secret) }, user.authHeader))
        .status,
    ).toBe(200);
    const row = await server.deps.dbHandle.db
      .selectFrom('sessions')
      .select(['confirmed_at', 'second_factor_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.confirmed_at ?? 0).getTime()).toBe(earlier.getTime());
    expect(row.second_factor_at).not.toBeNull();
  });

  it('again once ten minutes have passed, for a passkey whose options came before', async () => {
    const user = await createUser(server);
    await confirmItsYou(server, user);
    const options = (await (
      await postJson(server, '/api/me/passkeys/options', {}, user.authHeader)
    ).json()) as {
      challenge: string;
      rp: { id: string };
    };
    await server.deps.dbHandle.db
      .updateTable('sessions')
      .set({ confirmed_at: new Date(Date.now() - 11 * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    const origin = new URL(server.config.publicUrl).origin;
    const late = await postJson(
      server,
      '/api/me/passkeys',
      { response: new SoftAuthenticator(user.id).register(options, origin), name: 'Late' },
      user.authHeader,
    );
    await refusedForStepUp(late);
  });
});
