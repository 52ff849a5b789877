import type { ApiScope } from '@omnia/contracts/apis';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A developer's API (migration 0030): its identifier is the audience of its tokens. */
export interface OAuth2ApisTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  identifier: string;
  /** Its scopes with the consent screen's words (jsonb, written as JSON text). */
  scopes: ColumnType<ApiScope[], string, string>;
  /** The API's own client id at the introspection endpoint. */
  credential_id: string;
  /** SHA-256 (hex) of its random introspection secret. */
  credential_secret_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Another developer's app allowed to ask for an API, with the scopes it may get. */
export interface OAuth2ApiAccessTable {
  api_id: string;
  client_id: string;
  scopes: string[];
  /** When it was allowed, or last given other scopes. */
  created_at: Timestamp;
}

/** Developers' APIs and who may call them: this module writes and reads them. */
export interface ApisTables {
  oauth2_apis: OAuth2ApisTable;
  oauth2_api_access: OAuth2ApiAccessTable;
}
