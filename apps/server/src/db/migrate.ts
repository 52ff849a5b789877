import { type Kysely, sql } from 'kysely';
import { MIGRATIONS } from './migrations';

// Any fixed 64-bit number; every Omnia instance uses the same one.
const MIGRATION_LOCK_KEY = 7_236_001;
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
  for (const [name, migration] of MIGRATIONS) {
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
