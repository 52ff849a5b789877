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

export interface FactorsTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
}
