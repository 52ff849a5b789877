import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { namedStatement } from '../../src/db/named-statements';

const ECHO = namedStatement('test_named_echo', 'select $1::text as echoed');

const dataDir = mkdtempSync(join(tmpdir(), 'omnia-named-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('named statements', () => {
  it('refuses one name for two texts, and one text under two names, when declared', () => {
    namedStatement('test_named_one', 'select 1 as one where $1::int = 1');
    expect(() => namedStatement('test_named_one', 'select 2')).toThrow(/name reused/);
    expect(() => namedStatement('test_named_two', 'select 1 as one where $1::int = 1')).toThrow(
      /declared twice/,
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'run by name on a PostgreSQL server, prepared once per connection; other queries stay unnamed',
    async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: process.env.DATABASE_URL ?? '',
      });
      const handle = await connectDatabase(config);
      try {
        const prepared = await handle.db.connection().execute(async (conn) => {
          for (let i = 0; i < 3; i++) {
            const { rows } = await conn.executeQuery<{ echoed: string }>(CompiledQuery.raw(ECHO, [`n${i}`]));
            expect(rows).toEqual([{ echoed: `n${i}` }]);
          }
          await sql`select ${1}::int as unnamed`.execute(conn);
          const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(conn);
          return rows.map((r) => r.name);
        });
        expect(prepared.filter((n) => n === 'test_named_echo')).toHaveLength(1);
        expect(prepared.every((n) => n !== '')).toBe(true);
      } finally {
        await handle.close();
      }
    },
  );
});
