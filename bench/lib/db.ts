import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DbHandle } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';

/**
 * The bench's database: a fresh PGlite directory, or (DATABASE_URL set) a fresh schema on that
 * PostgreSQL server, dropped at the end. The bench seeds it directly; for PGlite only while the
 * server is stopped (one process at a time).
 */
export interface BenchStore {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** DATABASE_URL / DATA_DIR for the server process. */
  env: Record<string, string>;
  open(): Promise<DbHandle>;
  /**
   * ANALYZE every table of the store (PostgreSQL only: an embedded PGlite belongs to the server
   * process). A fresh schema whose tables fill within seconds is planned as empty: each pooled
   * connection keeps its generic plan of a prepared statement until the table is analyzed, and
   * autovacuum looks at it once a minute.
   */
  analyze(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createStore(databaseUrl: string | undefined): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'omnia-bench-'));
  const base = { dataDir, env: { DATA_DIR: dataDir } };
  if (!databaseUrl) {
    return {
      ...base,
      kind: 'pglite',
      open: () => connectDatabase({ dataDir, database: dbConfig(undefined) }),
      analyze: async () => {},
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `omnia_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const scoped = url.toString();
  return {
    ...base,
    kind: 'postgres',
    env: { ...base.env, DATABASE_URL: scoped, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10' },
    open: () => connectDatabase({ dataDir, database: dbConfig(scoped) }),
    analyze: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>(
          'select tablename as name from pg_tables where schemaname = $1',
          [schema],
        );
        for (const { name } of rows) await client.query(`analyze ${schema}."${name}"`);
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function dbConfig(url: string | undefined) {
  return { url, poolSize: 4, statementTimeoutMs: 0, connectTimeoutMs: 5_000, ssl: 'disable' as const };
}

export const seedEmail = (n: number) => `seed-${n}@bench.test`;

/**
 * Adds users seed-<from>..seed-<to - 1> (confirmed, with a profile) in batches of INSERT ... SELECT
 * generate_series, all with the same precomputed password hash.
 */
export async function seedUsers(store: BenchStore, from: number, to: number, passwordHash: string) {
  const handle = await store.open();
  try {
    await migrate(handle.db);
    const batch = 50_000;
    for (let start = from; start < to; start += batch) {
      const end = Math.min(to, start + batch) - 1;
      await sql`
        with u as (
          insert into users (email, password_hash, email_confirmed_at)
          select 'seed-' || g || '@bench.test', ${passwordHash}, now()
          from generate_series(${start}::int, ${end}::int) g
          returning id, email
        )
        insert into profiles (id, full_name, username)
        select id, 'Seed ' || split_part(email, '@', 1), split_part(email, '@', 1) from u
      `.execute(handle.db);
    }
    await sql`analyze users`.execute(handle.db);
    await sql`analyze profiles`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
