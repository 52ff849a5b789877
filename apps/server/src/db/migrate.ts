import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, sql } from 'kysely';

/** A migration: plain SQL statements, run in order inside one transaction. */
export interface Migration {
  up: string[];
}

// Any fixed 64-bit number; every Omnia instance uses the same one.
const MIGRATION_LOCK_KEY = 7_236_001;
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

async function listMigrations(): Promise<{ name: string; migration: Migration }[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f))
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      name: file.replace(/\.ts$/, ''),
      migration: (await import(pathToFileURL(join(migrationsDir, file)).href)) as Migration,
    })),
  );
}

/**
 * Applies pending migrations. Each runs in its own transaction that first takes a transaction-level
 * advisory lock, so instances starting together apply each migration exactly once.
 */
export async function migrate<T>(db: Kysely<T>): Promise<string[]> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const { name, migration } of await listMigrations()) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      const done = await sql<{
        name: string;
      }>`select name from schema_migrations where name = ${name}`.execute(trx);
      if (done.rows.length > 0) return;
      for (const statement of migration.up) await sql.raw(statement).execute(trx);
      await sql`insert into schema_migrations (name) values (${name})`.execute(trx);
      applied.push(name);
    });
  }
  return applied;
}
