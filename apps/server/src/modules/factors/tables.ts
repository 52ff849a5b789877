import type { ColumnType, Generated } from 'kysely';

/** The authenticator app of an account: pending until its first code is verified. */
export interface TotpFactorsTable {
  user_id: string;
  /** Sealed with the server key (secret box, purpose 'totp-secret'). */
  secret: string;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last time step a code was accepted for: a code counts once. */
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  /** Set by a password reset by e-mail: two-step turns off at this time unless kept on before. */
  removal_after: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** Single-use recovery codes, kept only as hashes. */
export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** WebAuthn credentials: the public key (base64url) and the authenticator's signature counter. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: ColumnType<string, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  /** 'singleDevice' (a security key: hwk) or 'multiDevice' (synced: swk). */
  device_type: string;
  backed_up: boolean;
  name: string;
  created_at: Generated<Date>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A registration's or sign-in's challenge: single use, five minutes. */
export interface WebauthnChallengesTable {
  challenge: string;
  /** The account registering; null for a sign-in (the passkey names its account). */
  user_id: string | null;
  purpose: 'register' | 'sign-in' | 'confirm';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface FactorsTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}
