import type { SecondFactorMethod } from '@omnia/contracts/sign-in';
import type { Expression, RawBuilder } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * What the accounts module needs of an account's second factors (the factors module's, passed in
 * by the composition): whether there is one, which the sign-in may offer, and checking one.
 */
export interface SecondFactors {
  hasSecondFactor(userId: string): Promise<boolean>;
  /** The same, as a column of another statement: a login reads it with the account. */
  secondFactorOn(userId: Expression<string>): RawBuilder<boolean>;
  methods(userId: string): Promise<SecondFactorMethod[]>;
  /** Checks an authenticator code and takes its time step (a code counts once), in `trx` if given. */
  verifyTotp(userId: string, code: string, trx?: Db): Promise<boolean>;
  /** Uses a recovery code once (its owner is told), in `trx` if given (the caller wakes the mail worker). */
  useRecoveryCode(user: { id: string; email: string }, code: string, trx?: Db): Promise<boolean>;
  /**
   * Every second step lost: two-step turns off after seven days unless cancelled (announced).
   * `stillHeld` runs first in its transaction: false refuses (two_step_expired), nothing written.
   */
  requestRecovery(
    user: { id: string; email: string; ip: string | null },
    stillHeld: (trx: Db) => Promise<boolean>,
  ): Promise<Date>;
  /** A sign-in with a second step cancels a waiting recovery request. */
  cancelRecovery(user: { id: string; email: string }): Promise<boolean>;
  /** A password reset by e-mail, in its transaction: every passkey goes (the owner is told). */
  removePasskeys(trx: Db, user: { id: string; email: string; ip: string | null }): Promise<void>;
  /** A cancelled e-mail change, in its transaction: the second factors added since `since` go. */
  removeAddedSince(trx: Db, user: { id: string; email: string }, since: Date): Promise<void>;
  /** Passkey sign-in (discoverable): the browser's options, and the account an assertion proves. */
  passkeys: {
    signInOptions(): Promise<unknown>;
    verifySignIn(response: unknown): Promise<{ userId: string; amr: string; passkeyId: string }>;
    /** In the transaction opening that sign-in's session: holds the passkey; false once removed. */
    holdForSignIn(trx: Db, passkeyId: string, userId: string): Promise<boolean>;
    hasAny(userId: string): Promise<boolean>;
    /** Options for one of this account's passkeys (second step, 'Confirm it's you'). */
    accountOptions(userId: string): Promise<unknown>;
    /** The amr of a valid assertion by one of the account's passkeys, else null. */
    verifyForAccount(userId: string, response: unknown): Promise<string | null>;
  };
}

/** How a second step is made: an authenticator code, a recovery code or one of the account's passkeys. */
export type SecondStep =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; response: unknown };

/**
 * Checks a second step; RFC 8176's name for what it proved (a recovery code is a one-time password
 * too; a passkey is hwk or swk), or null when it does not hold. A code is spent in `trx` when
 * given: only if what it proves commits.
 */
export async function checkSecondStep(
  factors: SecondFactors,
  user: { id: string; email: string },
  step: SecondStep,
  trx?: Db,
): Promise<string | null> {
  if (step.method === 'passkey') return factors.passkeys.verifyForAccount(user.id, step.response);
  const ok =
    step.method === 'totp'
      ? await factors.verifyTotp(user.id, step.code, trx)
      : await factors.useRecoveryCode(user, step.code, trx);
  return ok ? 'otp' : null;
}
