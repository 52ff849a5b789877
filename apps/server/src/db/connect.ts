import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { type Listen, listenOnPglite, listenOnServer } from './listen';
import { PGliteDialect } from './pglite-dialect';
import { prepareDeclaredStatements } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  /**
   * For the OAuth engine's declared statements only (db/prepared.ts): on a PostgreSQL server, a
   * pool of its own whose connections keep one generic plan per prepared statement; on PGlite, a
   * Kysely instance of its own that runs them with one generic plan (db/pglite-statements.ts) and
   * takes turns with `db` on the one connection.
   */
  engineDb: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pools when running on a PostgreSQL server (for metrics): the app's and the engine's. */
  pools: { app: pg.Pool; engine: pg.Pool } | undefined;
  /** LISTEN on a channel (cache invalidation across instances: db/listen.ts). */
  listen: Listen;
  close(): Promise<void>;
}

// Return timestamps and dates as strings so every layer sees the same ISO text on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/*
 * PostgreSQL plans a prepared statement with its parameters' values (a custom plan) until a plan
 * without them is no dearer by its estimate. For the engine's joined reads it never is: a read of a
 * batch's keys as an array is estimated for the batch's actual length against ten for an unknown
 * array, so every execution was planned again, and planning cost PostgreSQL three to four times
 * running (0.4 ms against 0.1 ms; docs/performance.md, round 9). The engine's statements are
 * written out whole and looked up by key (store/statements.ts), so a plan without values is as
 * good; its connections keep it. The app's queries keep PostgreSQL's choice: some of them rely on
 * a value to pick a partial index.
 */
const keepGenericPlans = (client: pg.PoolClient) => {
  client.query('set plan_cache_mode = force_generic_plan').catch(() => {});
};

export async function connectDatabase(
  config: Pick<Config, 'database' | 'dataDir'>,
  options: { inMemory?: boolean; logger?: Logger } = {},
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
    const pool = (onConnect?: (client: pg.PoolClient) => void) => {
      const created = new pg.Pool({
        ...connection,
        max: config.database.poolSize,
        statement_timeout: config.database.statementTimeoutMs || undefined,
        idleTimeoutMillis: 30_000,
      });
      // A client losing its server must not crash the process: idle ones report on the pool, checked
      // out ones on themselves (their query fails and maps to 503); the pool then drops them.
      created.on('error', () => {});
      created.on('connect', (client) => {
        client.on('error', () => {});
        prepareDeclaredStatements(client);
        onConnect?.(client);
      });
      return created;
    };
    const pools = { app: pool(), engine: pool(keepGenericPlans) };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools.app }) });
    const engineDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools.engine }) });
    const listen = listenOnServer(connection, options.logger);
    const close = async () => {
      await Promise.all([db.destroy(), engineDb.destroy()]);
      // Kysely ends a pool only if it ran a query on it; one never used is ended here.
      await Promise.all(Object.values(pools).map((pool) => (pool.ending ? undefined : pool.end())));
    };
    return { db, engineDb, kind: 'postgres', pools, listen, close };
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
  const engineDb = new Kysely<Database>({ dialect: new PGliteDialect(pglite, { genericPlans: true }) });
  return {
    db,
    engineDb,
    kind: 'pglite',
    pools: undefined,
    listen: listenOnPglite(pglite),
    close: async () => {
      await engineDb.destroy();
      await db.destroy();
    },
  };
}
