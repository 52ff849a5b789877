import { z } from 'zod';
import { rule } from './messages';
import { hidesCharacters } from './shown-text';

/**
 * Second factors and passwordless sign-in: passkeys (WebAuthn), an authenticator app
 * (TOTP, RFC 6238) and recovery codes. WebAuthn options and responses travel as the JSON shapes of
 * @simplewebauthn (PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON, ...), typed
 * here loosely so contracts stay free of that dependency.
 */
export const FACTORS_API = {
  /** GET (Bearer) → FactorsOverview. */
  overview: '/api/me/factors',
  /**
   * POST (Bearer, confirmed: 'Confirm it's you' answered in the last ten minutes, a sign-in not
   * counting) → TotpSetup: a new secret, pending until verified.
   */
  totpSetup: '/api/me/factors/totp/setup',
  /** POST totpCodeSchema (Bearer, confirmed) → FactorAdded (recovery codes when it is the first factor). */
  totpVerify: '/api/me/factors/totp/verify',
  /** DELETE (Bearer, confirmed in the last two minutes) → 204. */
  totp: '/api/me/factors/totp',
  /** POST (Bearer, confirmed) → WebAuthn creation options (discoverable credential, user verification). */
  passkeyOptions: '/api/me/passkeys/options',
  /** POST passkeyRegistrationSchema (Bearer, confirmed) → FactorAdded. GET → PasskeysResponse. */
  passkeys: '/api/me/passkeys',
  /** PATCH passkeyNameSchema (Bearer, fresh) → Passkey; DELETE (Bearer, fresh) → 204. */
  passkey: (id: string) => `/api/me/passkeys/${encodeURIComponent(id)}`,
  /**
   * POST (Bearer) → 204: cancels a recovery request (two-step stays on); 404 when none waits. Any
   * signed-in session may: cancelling only keeps the account safer.
   */
  keep: '/api/me/factors/keep',
  /** POST (Bearer, confirmed) → RecoveryCodesResponse: ten new codes, the old ones stop working. */
  recoveryCodes: '/api/me/recovery-codes',
} as const;

// The sign-in side lives apart, without zod: the app's first download (the session) needs it.
export * from './sign-in';

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, rule('totpCodeInvalid')),
});
const recoveryCode = z
  .string()
  .trim()
  .min(8, rule('recoveryCodeInvalid'))
  .max(32, rule('recoveryCodeInvalid'));
export const recoveryCodeSchema = z.object({ code: recoveryCode });
/**
 * POST /api/auth/reauthenticate ('Confirm it's you'): the password, or for an account with a second
 * factor, an authenticator code or a recovery code.
 */
export const stepUpSchema = z.union([
  z.object({ password: z.string().min(1, rule('passwordRequired')).max(256) }).strict(),
  totpCodeSchema.strict(),
  z.object({ recovery_code: recoveryCode }).strict(),
  z.object({ passkey: z.record(z.string(), z.unknown()) }).strict(),
]);
export type StepUpInput = z.input<typeof stepUpSchema>;

/** POST SIGN_IN_FACTOR_API.passkeySignIn: the browser's assertion (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object({ response: z.record(z.string(), z.unknown()) });

/** A passkey's name reads as written, whether given when it is added or when it is renamed. */
const passkeyName = z
  .string(rule('passkeyNameRequired'))
  .trim()
  .max(60)
  .refine((v) => !hidesCharacters(v), rule('textHasHiddenCharacters'));
export const passkeyNameSchema = z.object({ name: passkeyName.min(1, rule('passkeyNameRequired')) });
export const passkeyRegistrationSchema = z.object({
  response: z.record(z.string(), z.unknown()),
  name: passkeyName.optional(),
});

/** POST SIGN_IN_FACTOR_API.recoveryRequest: when two-step verification turns off unless cancelled. */
export interface RecoveryRequestResponse {
  removal_after: string;
}
export interface Passkey {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export interface PasskeysResponse {
  passkeys: Passkey[];
}
export interface FactorsOverview {
  totp: {
    enabled: boolean;
    created_at: string | null;
    /** A password reset by e-mail turns two-step off at this time, unless kept on (docs/security.md). */
    removal_after: string | null;
  };
  passkeys: Passkey[];
  recovery_codes: { remaining: number; created_at: string | null };
}
export interface TotpSetup {
  /** Base32, shown as 'Setup key'. */
  secret: string;
  otpauth_url: string;
  /** An SVG QR code of otpauth_url. */
  qr_svg: string;
}
export interface FactorAdded {
  /** Shown once, when this is the account's first second factor. */
  recovery_codes?: string[];
}
export interface RecoveryCodesResponse {
  recovery_codes: string[];
}
