import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/*
 * The statements of the hot paths (the OAuth engine's, a login's, a session refresh's), run on a
 * PostgreSQL server as named prepared statements: parsed and planned once per connection, then
 * only bound and executed. Under load PostgreSQL shares the machine with Omnia, and planning the
 * same joined read on every call cost it more than running it. Only statements declared here are
 * named, so the prepared statements per connection are bounded by the code; everything else runs
 * unnamed, as Kysely sends it. On the embedded PGlite every statement runs unnamed.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Declares `text` as the named statement `name` (at module load) and returns it unchanged. */
export function namedStatement(name: string, text: string): string {
  // PostgreSQL refuses a name prepared for another text, so a clash fails at load, not at run time.
  const declared = texts.get(name);
  if (declared !== undefined && declared !== text) throw new Error(`statement name reused: ${name}`);
  if ((names.get(text) ?? name) !== name) throw new Error(`statement declared twice: ${name}`);
  names.set(text, name);
  texts.set(name, text);
  return text;
}

/**
 * Declares a statement built at run time (a Kysely `sql` template) when it is first run, named
 * `<prefix>_<hash of its text>`. Only for call sites whose shapes are fixed by the code (the text
 * depends on which parts are present, never on values, which are parameters).
 */
export function namedShape(prefix: string, text: string): string {
  if (names.has(text)) return text;
  return namedStatement(`${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text);
}

/**
 * Kysely's pool (its documented PostgresPool interface) over pg's: a declared statement goes out
 * by its name through pg's query config (`{ name, text, values }`); anything else as it came.
 */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const passOn = client.query.bind(client) as (...args: unknown[]) => unknown;
      const query = (sql: unknown, parameters?: readonly unknown[]) => {
        const name = typeof sql === 'string' ? names.get(sql) : undefined;
        return name !== undefined && parameters
          ? client.query({ name, text: sql as string, values: [...parameters] })
          : passOn(sql, parameters);
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
