import type { PGlite } from '@electric-sql/pglite';

/**
 * One `T` per PGlite database, made on first use: what belongs to the database (its one
 * connection's queue, its prepared statements) is shared by every Kysely instance on it.
 */
export function perPglite<T>(create: (pglite: PGlite) => T): (pglite: PGlite) => T {
  const made = new WeakMap<PGlite, T>();
  return (pglite) => {
    let value = made.get(pglite);
    if (value === undefined) {
      value = create(pglite);
      made.set(pglite, value);
    }
    return value;
  };
}
