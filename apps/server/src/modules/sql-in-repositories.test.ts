import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A module's SQL lives in its repositories (*repo.ts), so a reader finds every statement on a table
// in one place and services stay logic. The exceptions hold SQL for a reason of their own.
const EXCEPTIONS: Record<string, string> = {
  'oauth/store/':
    "the engine's storage adapter: its named statements are in store/statements.ts, write-statements.ts and refresh-retries.ts",
  'ratelimit/limiter.ts': 'the rate limiter is the ratelimit module’s repository of counters',
  'ratelimit/reserve.ts': 'the reservation CTEs other statements embed (one round trip per sign-in)',
};
const SQL = /\.(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql[`<]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('SQL lives in repositories', () => {
  it('no service, route or helper of a module writes a statement of its own', () => {
    const root = import.meta.dirname;
    const offenders = sourceFiles(root)
      .map((path) => relative(root, path))
      .filter((file) => !/(repo|tables)\.ts$/.test(file))
      .filter((file) => !Object.keys(EXCEPTIONS).some((prefix) => file.startsWith(prefix)))
      .filter((file) => SQL.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
