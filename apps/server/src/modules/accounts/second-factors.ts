import type { Db } from '../../db/connect';

/**
 * What the accounts module needs of an account's second factors (the factors module's, passed in
 * by the composition): whether there is one, which the sign-in may offer, and checking one.
 */
export interface SecondFactors {
  hasSecondFactor(userId: string): Promise<boolean>;
  methods(userId: string): Promise<('totp' | 'recovery')[]>;
  /** Checks an authenticator code and takes its time step (a code counts once). */
  verifyTotp(userId: string, code: string): Promise<boolean>;
  /** Uses a recovery code once (its owner is told). */
  useRecoveryCode(user: { id: string; email: string }, code: string): Promise<boolean>;
  /** A password reset by e-mail, in its transaction: two-step turns off after a delay (announced). */
  onPasswordReset(trx: Db, user: { id: string; email: string }): Promise<boolean>;
  /** Passkey sign-in (discoverable): the browser's options, and the account an assertion proves. */
  passkeys: {
    signInOptions(): Promise<unknown>;
    verifySignIn(response: unknown): Promise<{ userId: string; amr: string }>;
  };
}

/** How a second step is made: an authenticator code or a recovery code. */
export type SecondStep = { method: 'totp'; code: string } | { method: 'recovery'; code: string };

/** RFC 8176's name for each (a recovery code is a one-time password too). */
export const AMR_OF: Record<SecondStep['method'], string> = { totp: 'otp', recovery: 'otp' };

export function checkSecondStep(
  factors: SecondFactors,
  user: { id: string; email: string },
  step: SecondStep,
) {
  return step.method === 'totp'
    ? factors.verifyTotp(user.id, step.code)
    : factors.useRecoveryCode(user, step.code);
}
