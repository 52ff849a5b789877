import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
  /** A rotated refresh token: its successor, sealed under a key the rotated token derives (store/refresh-retries.ts). */
  successor: string | null;
  /** When the row was first written (an interaction's: when its authorization request was saved). */
  created_at: Timestamp;
}

/** A signing key of the engine (signing-keys.ts; migration 0034). */
export interface OidcSigningKeysTable {
  id: ColumnType<string, never, never>;
  /** The private JWK (with its kid), sealed with the 'server-keys' secret box. */
  jwk: string;
  /** From when it signs; published in the JWKS from the moment it is made. */
  activates_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A logout token to deliver to an app's back-channel logout URI (logout-delivery; migration 0035). */
export interface OAuthLogoutDeliveriesTable {
  id: ColumnType<string, never, never>;
  client_id: string;
  uri: string;
  sub: string;
  sid: string | null;
  /** What ended the sign-in: session_ended, rp_logout, app_revoked, account_deleted. */
  reason: string;
  attempts: ColumnType<number, never, number>;
  next_attempt_at: ColumnType<Date, never, Date | string>;
  delivered_at: ColumnType<Date | null, never, Date | string | null>;
  failed_at: ColumnType<Date | null, never, Date | string | null>;
  last_status: ColumnType<number | null, never, number | null>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: ColumnType<Date, never, never>;
}

/** The OAuth engine's store (every model but Client, which is the clients module's oauth2_clients). */
export interface OAuthTables {
  oidc_models: OidcModelsTable;
  oidc_signing_keys: OidcSigningKeysTable;
  oauth_logout_deliveries: OAuthLogoutDeliveriesTable;
}
