import type { ClientStatus } from '@omnia/contracts/constants';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OAuth2ClientsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: string | null;
  logo_url: string | null;
  client_id: string;
  /** Sealed with the 'oauth2-client-secret' secret box. */
  client_secret: string;
  redirect_uris: string[];
  allowed_scopes: string[];
  /** Off only for a confidential client that sends an OpenID Connect nonce instead (RFC 9700 §2.1.1). */
  require_pkce: ColumnType<boolean, boolean | undefined, boolean>;
  /** Where RP-initiated logout may send the person back (OpenID Connect RP-Initiated Logout 1.0). */
  post_logout_redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<ClientStatus, ClientStatus | undefined, ClientStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcModelsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  /** Session and Interaction rows: the Omnia session of the browser they were written for. */
  omnia_session_id: string | null;
  /** A Grant cut for one authorization code: the grant that records the consent it came from. */
  family_of: string | null;
}

export interface OAuth2UsageStatsTable {
  id: Generated<string>;
  client_id: string;
  action: string;
  created_at: Timestamp;
}

/** All-time counts of usage events rolled up out of oauth2_usage_stats (see developer/stats.ts). */
export interface OAuth2UsageTotalsTable {
  client_id: string;
  action: string;
  /** bigint: read back as a string by pg. */
  count: ColumnType<string, number | string, number | string>;
}

export interface OAuthTables {
  oauth2_clients: OAuth2ClientsTable;
  oidc_models: OidcModelsTable;
  oauth2_usage_stats: OAuth2UsageStatsTable;
  oauth2_usage_totals: OAuth2UsageTotalsTable;
}
