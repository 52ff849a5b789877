import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate } from './migrate';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/** An in-memory PostgreSQL (PGlite) with every migration applied: a unit test's real database. */
export async function openMigratedPglite(): Promise<{ pglite: PGlite; db: Kysely<Database> }> {
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  return { pglite, db };
}
