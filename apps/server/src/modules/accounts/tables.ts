import type { SessionLog } from '@omnia/contracts';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_confirmed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * SHA-256 of the nonce cookie of the browser whose sign-up set the password (migration 0057):
   * the only browser a verification link signs in without asking for a new password.
   */
  signup_nonce_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  device: string | null;
  os: string | null;
  browser: ColumnType<string | null, string | null | undefined, string | null>;
  ip: string | null;
  last_active_at: Timestamp;
  /** When the person last proved who they are in this session (sign-in or 'Confirm it's you'). */
  authenticated_at: Timestamp;
  /** How (RFC 8176: 'pwd', 'otp', 'mfa'…); kept for the id_token's amr and acr. */
  amr: ColumnType<string[], string[] | undefined, string[]>;
  /** When a second factor was last verified in this session (step-up freshness). */
  second_factor_at: NullableTimestamp;
  /** When the person last answered 'Confirm it's you' in this session (a sign-in does not count). */
  confirmed_at: NullableTimestamp;
}

/** The half-signed-in state: the password was right, the second step is pending. */
export interface TwoStepChallengesTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** Where the right password came from. */
  ip: string | null;
  created_at: Generated<Date>;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SessionLogsTable {
  id: Generated<string>;
  user_id: string;
  device: SessionLog['device'];
  os: SessionLog['os'];
  browser: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: string;
  ip: string | null;
  created_at: Timestamp;
}

export type EmailTokenPurpose = 'verify' | 'reset';

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** SHA-256 of the nonce cookie of the browser that asked for a verification link (null: none). */
  browser_nonce_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A change of address: confirmed by the new address, cancellable from the old one. */
export interface EmailChangesTable {
  id: Generated<string>;
  user_id: string;
  old_email: string;
  new_email: string;
  confirm_hash: string;
  cancel_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  confirmed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** When the session that asked signed in (second factors added since go with a cancel). */
  requester_signed_in_at: NullableTimestamp;
  /** When this change's cancel link parked the account (migration 0049): it may give a reset token again. */
  parked_at: NullableTimestamp;
  /** Withdrawn before its confirmation (migration 0056): its cancel link still works, once. */
  withdrawn_at: NullableTimestamp;
  /** The session that asked (migration 0042): the confirm link works only while it does. */
  requester_session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A forgot-password or resend request, queued whatever the address, until the worker takes it. */
export interface LinkRequestsTable {
  id: Generated<string>;
  purpose: EmailTokenPurpose;
  email: string;
  created_at: Generated<Date>;
}

export interface FailedSignInsTable {
  id: Generated<string>;
  /** The account whose password was checked; null for an address without one. */
  user_id: string | null;
  ip: string | null;
  /** How long the failure locked the account for (0: not locked). */
  locked_seconds: number;
  created_at: Generated<Date>;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  session_logs: SessionLogsTable;
  email_tokens: EmailTokensTable;
  two_step_challenges: TwoStepChallengesTable;
  email_changes: EmailChangesTable;
  link_requests: LinkRequestsTable;
  failed_sign_ins: FailedSignInsTable;
}
