import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { embeddedDatabaseDir } from './embedded-dir';
import { type Listen, listenOnPglite, listenOnServer } from './listen';
import { namedStatementPool } from './named-statements';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when running on a PostgreSQL server (for metrics). */
  pool: pg.Pool | undefined;
  /** LISTEN on a channel (cache invalidation across instances: db/listen.ts). */
  listen: Listen;
  close(): Promise<void>;
}

// Counts come back as numbers, not strings (none of ours comes near 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function connectDatabase(
  config: Pick<Config, 'database' | 'dataDir'>,
  options: {
    inMemory?: boolean;
    /** An in-memory database's starting data directory (PGlite's dumpDataDir: migrated-pglite.ts). */
    startFrom?: Blob;
    logger?: Logger;
  } = {},
): Promise<DbHandle> {
  if (config.database.url) {
    const connection: pg.ClientConfig = {
      connectionString: config.database.url,
      connectionTimeoutMillis: config.database.connectTimeoutMs,
      ssl:
        config.database.ssl === 'disable'
          ? undefined
          : { rejectUnauthorized: config.database.ssl === 'verify-full' },
    };
    const pool = new pg.Pool({
      ...connection,
      max: config.database.poolSize,
      statement_timeout: config.database.statementTimeoutMs || undefined,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its server must not crash the process: idle ones report on the pool, checked
    // out ones on themselves (their query fails and maps to 503); the pool then drops them.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
    const listen = listenOnServer(connection, options.logger);
    const close = async () => {
      await db.destroy();
      // Kysely ends the pool only if it ran a query on it; one never used is ended here.
      if (!pool.ending) await pool.end();
    };
    return { db, kind: 'postgres', pool, listen, close };
  }
  let pglite: PGlite;
  if (options.inMemory) {
    pglite = new PGlite(options.startFrom ? { loadDataDir: options.startFrom } : undefined);
  } else {
    const dir = embeddedDatabaseDir(config.dataDir);
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pool: undefined, listen: listenOnPglite(pglite), close: () => db.destroy() };
}
