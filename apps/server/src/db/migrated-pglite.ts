import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/** The installed PGlite's version: a data directory dumped by one release may not load in another. */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let loaded: Promise<Blob> | undefined;

/**
 * A fresh PGlite data directory with every migration applied, as a tarball (PGlite's dumpDataDir).
 * Tests start their databases from it: initdb in WebAssembly takes seconds, loading this about one.
 * It is made once per checkout, PGlite release and set of migrations (the file's name is a hash of
 * them) and kept in node_modules/.cache, which only this checkout's owner writes; two processes
 * making it at once each write a whole file and rename it into place.
 */
export function migratedDataDir(): Promise<Blob> {
  // Read once per process: the file is 40 MB, and reading and copying it into a new Blob for every
  // test database took a fifth of that database's start. A Blob is immutable, so one serves all.
  if (!loaded) {
    loaded = readMigratedDataDir();
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

async function readMigratedDataDir(): Promise<Blob> {
  const key = createHash('sha256')
    .update(pgliteVersion())
    .update(JSON.stringify(MIGRATIONS))
    .digest('hex')
    .slice(0, 16);
  const dir = fileURLToPath(new URL('../../../../node_modules/.cache/omnia/', import.meta.url));
  const file = join(dir, `pglite-migrated-${key}.tar`);
  if (!existsSync(file)) {
    const pglite = new PGlite();
    await migrate(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    try {
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  return new Blob([readFileSync(file)]);
}

/** An in-memory PostgreSQL (PGlite) with every migration applied: a unit test's real database. */
export async function openMigratedPglite(): Promise<{ pglite: PGlite; db: Kysely<Database> }> {
  const pglite = new PGlite({ loadDataDir: await migratedDataDir() });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  return { pglite, db };
}
