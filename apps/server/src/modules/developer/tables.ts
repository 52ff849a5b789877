import type { ColumnType } from 'kysely';

/**
 * The columns migration 0013 adds to oauth2_clients. The table's type lives with the OAuth engine
 * (oauth/tables.ts); until it lists these too, the developer repo reads them through
 * `withClientSettings` (Kysely's withTables: the intersection of both types).
 */
// Type aliases, not interfaces: withTables needs an index-compatible record.
export type ClientSettingsColumns = {
  require_pkce: ColumnType<boolean, boolean | undefined, boolean>;
  post_logout_redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
};
export type ClientSettingsTables = {
  oauth2_clients: ClientSettingsColumns;
};
