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
}

export interface OAuth2UsageStatsTable {
  id: Generated<string>;
  client_id: string;
  action: string;
  created_at: Timestamp;
}

export interface OAuthTables {
  oauth2_clients: OAuth2ClientsTable;
  oidc_models: OidcModelsTable;
  oauth2_usage_stats: OAuth2UsageStatsTable;
}
