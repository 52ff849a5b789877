/* The Developer Program's own tables: dynamic client registration (registration/). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A developer's initial access tokens (RFC 7591 §3): only their hash (migration 0039). */
export interface RegistrationTokensTable {
  id: Generated<string>;
  user_id: string;
  label: string;
  token_hash: string;
  uses: ColumnType<number, number | undefined, number>;
  max_uses: number;
  expires_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** Each registered app's registration access token (RFC 7592 §1): its hash. */
export interface ClientRegistrationsTable {
  client_id: string;
  access_token_hash: string;
  /** Who registered it: the token acts only while they own the app. */
  user_id: string;
  created_at: Timestamp;
}

export interface RegistrationTables {
  registration_tokens: RegistrationTokensTable;
  client_registrations: ClientRegistrationsTable;
}
