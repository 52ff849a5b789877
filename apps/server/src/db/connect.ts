import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { PGliteDialect } from './pglite-dialect';
import { prepareDeclaredStatements } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when running on a PostgreSQL server (for metrics and health). */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

// Return timestamps and dates as strings so every layer sees the same ISO text on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function connectDatabase(
  config: Pick<Config, 'database' | 'dataDir'>,
  options: { inMemory?: boolean } = {},
): Promise<DbHandle> {
  if (config.database.url) {
    const pool = new pg.Pool({
      connectionString: config.database.url,
      max: config.database.poolSize,
      connectionTimeoutMillis: config.database.connectTimeoutMs,
      statement_timeout: config.database.statementTimeoutMs || undefined,
      idleTimeoutMillis: 30_000,
      ssl:
        config.database.ssl === 'disable'
          ? undefined
          : { rejectUnauthorized: config.database.ssl === 'verify-full' },
    });
    // A client losing its server must not crash the process: idle ones report on the pool, checked
    // out ones on themselves (their query fails and maps to 503); the pool then drops them.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareDeclaredStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (options.inMemory) {
    pglite = new PGlite();
  } else {
    const dir = join(config.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pool: undefined, close: () => db.destroy() };
}
