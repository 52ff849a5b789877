import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';

describe('MIGRATIONS', () => {
  it('lists every migration file once, in the order of their numbers', () => {
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map(([name]) => name)).toEqual(files);
    for (const [, migration] of MIGRATIONS) expect(migration.up.length).toBeGreaterThan(0);
  });
});
