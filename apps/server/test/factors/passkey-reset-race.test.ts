import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { afterLinkRequests, createUser, latestLink, postJson } from '../support/users';
import { confirmItsYou } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * A passkey an intruder registers while the owner resets the password by e-mail: the reset either
 * comes after and removes it, or before and the registration finds its session ended. Needs
 * DATABASE_URL (a registration held mid-way while the reset runs needs two connections).
 */
let server: TestServer;
let origin: string;
beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  server = await startTestServer();
  origin = new URL(server.config.publicUrl).origin;
}, 60_000);
afterAll(() => server?.close());

describe.skipIf(!process.env.DATABASE_URL)('a passkey registration racing a password reset', () => {
  it('held while the reset commits, it adds nothing: the passkey signs in no one', async () => {
    const db = server.deps.dbHandle.db;
    const user = await createUser(server); // the intruder's session, with a stolen password
    await confirmItsYou(server, user);
    const authenticator = new SoftAuthenticator(user.id);
    const options = (await (
      await postJson(server, '/api/me/passkeys/options', {}, user.authHeader)
    ).json()) as { challenge: string; rp: { id: string } };
    // The registration is held where it takes its challenge, after the route's session check.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db.transaction().execute(async (trx) => {
      await sql`select 1 from webauthn_challenges where challenge = ${options.challenge} for update`.execute(
        trx,
      );
      locked();
      await released;
    });
    await isLocked;
    const registering = postJson(
      server,
      '/api/me/passkeys',
      { response: authenticator.register(options, origin), name: 'Intruder' },
      user.authHeader,
    );
    await sleep(300);
    // The owner resets the password from the mailed link meanwhile.
    await afterLinkRequests(server, () =>
      postJson(server, '/api/auth/forgot-password', { email: user.email }),
    );
    const token = new URL(
      await latestLink(server, user.email, '/auth/reset-password'),
      'http://x',
    ).searchParams.get('token');
    expect(
      (await postJson(server, '/api/auth/reset-password', { token, password: 'a brand new passphrase' }))
        .status,
    ).toBe(200);
    release();
    await holder;
    expect((await registering).status).toBe(401);
    expect(await db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const signInOptions = (await (await postJson(server, '/api/auth/passkey/options', {})).json()) as {
      challenge: string;
      rpId: string;
    };
    const back = await postJson(server, '/api/auth/passkey', {
      response: authenticator.assert(signInOptions, origin),
    });
    expect(back.status).toBe(400);
  });
});
