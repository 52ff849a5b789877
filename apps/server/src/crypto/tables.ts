import type { ColumnType } from 'kysely';

export interface ServerKeysTable {
  name: string;
  /** AES-256-GCM box of the key material (see secret-box.ts). */
  ciphertext: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CryptoTables {
  server_keys: ServerKeysTable;
}
