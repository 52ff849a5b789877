import type { AuthSession } from '@omnia/contracts';
import type { FactorAdded, StepUpInput, TotpSetup } from '@omnia/contracts/factors';
import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { codeAt } from '../../src/modules/factors';
import type { TestServer } from '../support/test-server';
import { cookieOf, postJson, type TestUser } from '../support/users';
import { SoftAuthenticator } from './soft-authenticator';

const TWO_STEP_COOKIE = 'omnia_two_step';

/**
 * Answers 'Confirm it's you' in the user's session (the password by default), as adding a factor
 * asks however fresh the sign-in.
 */
export async function confirmItsYou(
  server: TestServer,
  user: Pick<TestUser, 'password' | 'authHeader'>,
  input: StepUpInput = { password: user.password },
) {
  const res = await postJson(server, '/api/auth/reauthenticate', input, user.authHeader);
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${await res.text()}`);
}

/** Turns the authenticator app on for a signed-in user (confirming with the password); its secret and recovery codes. */
export async function enableTotp(server: TestServer, user: TestUser) {
  await confirmItsYou(server, user);
  const setup = await postJson(server, '/api/me/factors/totp/setup', {}, user.authHeader);
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);
  const { secret } = (await setup.json()) as TotpSetup;
  // A step back, so the sign-in's code (the current step) is still new. Not in a step's last
  // seconds: a step ending before the server checks would make that code two steps old.
  await clearOfStepEnd();
  const verify = await postJson(
    server,
    '/api/me/factors/totp/verify',
    { code: codeAt(secret, Date.now() - 30_000) },
    user.authHeader,
  );
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  const { recovery_codes = [] } = (await verify.json()) as FactorAdded;
  return { secret, recoveryCodes: recovery_codes };
}

const STEP_MS = 30_000;
const MARGIN_MS = 3_000;

/** Waits out the end of the current TOTP step when it is closer than the margin. */
async function clearOfStepEnd() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A password login that stops at the second step: the half-signed-in cookie. */
export async function firstStep(server: TestServer, user: Pick<TestUser, 'email' | 'password'>) {
  const res = await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { two_step?: boolean; methods?: string[] };
  return { res, body, cookie: cookieOf(res, TWO_STEP_COOKIE) ?? '' };
}

export function secondStep(server: TestServer, cookie: string, kind: SecondStepCode, code: string) {
  return postJson(server, `/api/auth/two-step/${kind}`, { code }, { cookie });
}

export const sessionOf = async (res: Response) => (await res.json()) as AuthSession;

export { codeAt };

/**
 * A passkey registered from `session` (a signed-in user) with Chromium-like soft keys, after
 * 'Confirm it's you' (`confirm`; the password by default, none when null): the answer and the
 * authenticator.
 */
export async function addPasskey(
  server: TestServer,
  session: TestUser,
  name = 'Phone',
  confirm: StepUpInput | null = { password: session.password },
) {
  if (confirm) await confirmItsYou(server, session, confirm);
  const authenticator = new SoftAuthenticator(session.id);
  const origin = new URL(server.config.publicUrl).origin;
  const options = (await (
    await postJson(server, '/api/me/passkeys/options', {}, session.authHeader)
  ).json()) as { challenge: string; rp: { id: string } };
  const res = await postJson(
    server,
    '/api/me/passkeys',
    { response: authenticator.register(options, origin), name },
    session.authHeader,
  );
  return { res, authenticator };
}

/** The ids of an account's passkeys. */
export const passkeysOf = async (server: TestServer, userId: string) =>
  (
    await server.deps.dbHandle.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute()
  ).map((r) => r.id);

/** When the account's authenticator app is set to turn off (a recovery request), or null. */
export const removalAfterOf = async (server: TestServer, userId: string) =>
  (
    await server.deps.dbHandle.db
      .selectFrom('totp_factors')
      .select('removal_after')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).removal_after;
