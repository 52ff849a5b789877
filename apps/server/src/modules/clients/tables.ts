import type { ClientSecurity } from '@omnia/contracts/client-security';
import type { AppType, ClientStatus } from '@omnia/contracts/constants';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OAuth2ClientsTable {
  id: Generated<string>;
  user_id: string;
  /**
   * Who registered it, while it has never changed hands nor had a member (migrations 0041, 0045,
   * 0046): an API's owner trusts only such an app of theirs. Null once it was handed over, even
   * back to its creator, or once a member was added (the other side knows its secret), or when
   * that account is gone.
   */
  created_by: ColumnType<string | null, string | null | undefined, null>;
  name: string;
  description: string | null;
  logo_url: string | null;
  /** The app's homepage, privacy policy and terms (the consent screen links them; migration 0026). */
  homepage_url: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_url: ColumnType<string | null, string | null | undefined, string | null>;
  terms_url: ColumnType<string | null, string | null | undefined, string | null>;
  client_id: string;
  /** Web, single-page, native, device app or service (migrations 0028 to 0030): fixed once registered. */
  app_type: ColumnType<AppType, AppType | undefined, never>;
  /** Sealed with the 'oauth2-client-secret' secret box; null for a public client (no secret). */
  client_secret: string | null;
  /** The secret the last rotation replaced, sealed alike, while its grace period lasts (migration 0032). */
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  redirect_uris: string[];
  allowed_scopes: string[];
  /** Off only for a confidential client that sends an OpenID Connect nonce instead (RFC 9700 §2.1.1). */
  require_pkce: ColumnType<boolean, boolean | undefined, boolean>;
  /** Where RP-initiated logout may send the person back (OpenID Connect RP-Initiated Logout 1.0). */
  post_logout_redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
  /** Its users must have and use a second factor (the Developer Program's client settings). */
  require_two_step: ColumnType<boolean, boolean | undefined, boolean>;
  /** Where Omnia POSTs a logout token when a sign-in to it ends (Back-Channel Logout 1.0; migration 0035). */
  backchannel_logout_uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** PAR, DPoP, private_key_jwt and FAPI 2.0 (contracts' client-security.ts; migration 0038): {} is the default. */
  security: ColumnType<Partial<ClientSecurity>, string | undefined, string>;
  status: ColumnType<ClientStatus, ClientStatus | undefined, ClientStatus>;
  /**
   * 'Published by' on the consent screen: the owner's full name as the operator last approved the
   * app (by its version), null when none was reviewed (migration 0048). Cleared when the app
   * changes hands.
   */
  publisher: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OAuth2UsageStatsTable {
  id: Generated<string>;
  client_id: string;
  action: string;
  /** The account the event was for, when there was one (unique users; migration 0027). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** An app's recent refusals by the OAuth endpoints (client-errors.ts; migration 0033). */
export interface OAuth2ClientErrorsTable {
  id: Generated<string>;
  client_id: string;
  endpoint: string;
  error: string;
  description: string | null;
  created_at: Timestamp;
}

/** All-time counts of usage events rolled up out of oauth2_usage_stats (see usage-repo.ts). */
export interface OAuth2UsageTotalsTable {
  client_id: string;
  action: string;
  /** bigint: read back as a string by pg. */
  count: ColumnType<string, number | string, number | string>;
}

/** The state of one change of an app (migration 0024). */
export type ClientChangeState = 'applied' | 'pending' | 'approved' | 'rejected' | 'superseded';

/** An app's history: every change, and the one (at most) that waits for the operator's review. */
export interface OAuth2ClientChangesTable {
  id: Generated<string>;
  client_id: string;
  fields: string[];
  /** The changed fields' values before and after (jsonb). */
  before: ColumnType<Record<string, unknown>, string, string>;
  after: ColumnType<Record<string, unknown>, string, string>;
  state: ClientChangeState;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The accounts whose requests it holds (migration 0050): a waiting change merges several. */
  requested_by: ColumnType<string[], string[] | undefined, string[]>;
}

/** The registered OAuth2 clients and their usage events: this module writes and reads them. */
/** Members of an app besides its owner (migration 0037). */
export interface OAuth2ClientMembersTable {
  client_id: string;
  user_id: string;
  added_at: ColumnType<Date, never, never>;
  /** The owner offered this member the app; null when no offer waits. */
  ownership_offered_at: ColumnType<Date | null, never, Date | null>;
}

export interface ClientsTables {
  oauth2_client_members: OAuth2ClientMembersTable;
  oauth2_clients: OAuth2ClientsTable;
  oauth2_client_changes: OAuth2ClientChangesTable;
  oauth2_usage_stats: OAuth2UsageStatsTable;
  oauth2_usage_totals: OAuth2UsageTotalsTable;
  oauth2_client_errors: OAuth2ClientErrorsTable;
}
