import type { AuthSession } from './auth';

/** The sign-in side: the second step, passkey sign-in, and 'Confirm it's you' with a factor. */
export const SIGN_IN_FACTOR_API = {
  /** POST totpCodeSchema (the half-signed-in cookie) → AuthSession + session cookies. */
  totp: '/api/auth/two-step/totp',
  /** POST recoveryCodeSchema (the half-signed-in cookie) → AuthSession. */
  recovery: '/api/auth/two-step/recovery',
  /**
   * POST (the half-signed-in cookie) → RecoveryRequestResponse: every second step lost; two-step
   * turns off in seven days unless the owner cancels it (or signs in with a second step).
   */
  recoveryRequest: '/api/auth/two-step/recovery-request',
  /** POST (Bearer) → WebAuthn request options for 'Confirm it's you' with one of the account's passkeys. */
  reauthPasskeyOptions: '/api/auth/reauthenticate/passkey-options',
  /** POST (the half-signed-in cookie) → WebAuthn request options for the account's passkeys. */
  passkeyOptions: '/api/auth/two-step/passkey-options',
  /** POST { response } (the half-signed-in cookie) → AuthSession. */
  passkey: '/api/auth/two-step/passkey',
  /** POST → WebAuthn request options for a discoverable credential (no e-mail; conditional UI). */
  passkeySignInOptions: '/api/auth/passkey/options',
  /** POST { response } → AuthSession: a passkey sign-in counts as two factors. */
  passkeySignIn: '/api/auth/passkey',
} as const;

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';
/** A second step by a typed code: the authenticator app's, or a recovery code. */
export type SecondStepCode = Exclude<SecondFactorMethod, 'passkey'>;

/** The answer of a password login for an account with a second factor (no session yet). */
export interface TwoStepRequired {
  two_step: true;
  methods: SecondFactorMethod[];
}
export type LoginResponse = AuthSession | TwoStepRequired;
export const isTwoStep = (r: LoginResponse): r is TwoStepRequired => 'two_step' in r && r.two_step === true;
