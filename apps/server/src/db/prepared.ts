import { createHash } from 'node:crypto';
import type pg from 'pg';

/*
 * The statements of the hot paths (the OAuth engine, sign-in, session refresh), prepared once per
 * database connection instead of parsed and planned on every call: under load PostgreSQL shares
 * the machine with Omnia, and planning a five-table join on every userinfo cost it more than
 * running it (docs/performance.md). Only
 * statements declared here are prepared, so the number of prepared statements per connection is
 * fixed by the code; everything else runs as before.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Declares `text` as a prepared statement (at module load) and returns it unchanged. */
export function preparedSql(name: string, text: string): string {
  // pg refuses a name prepared for another text, so a clash fails at load instead of at run time.
  const declared = texts.get(name);
  if (declared !== undefined && declared !== text) throw new Error(`statement name reused: ${name}`);
  if ((names.get(text) ?? name) !== name) throw new Error(`statement declared twice: ${name}`);
  names.set(text, name);
  texts.set(name, text);
  return text;
}

/**
 * Declares a statement built at run time (a Kysely `sql` template) when it is first run, named
 * `<prefix>_<hash of its text>`. Only for call sites whose statement shapes are fixed by the code
 * (the text depends on which parts are present, never on values, which are parameters), so the
 * prepared statements per connection stay bounded.
 */
export function preparedShape(prefix: string, text: string): string {
  if (names.has(text)) return text;
  return preparedSql(`${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text);
}

/** The prepared name of a statement text, if it was declared. */
export const preparedName = (text: string): string | undefined => names.get(text);

/**
 * Makes a pool client run declared statements as named ones (pg prepares a name once per
 * connection and then only binds and executes it). PGlite is not affected.
 */
export function prepareDeclaredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const withNames = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    const [values, callback] = rest;
    if (name === undefined || !Array.isArray(values)) return query(text, ...rest);
    return callback === undefined ? query({ name, text, values }) : query({ name, text, values }, callback);
  };
  client.query = withNames as typeof client.query;
}
