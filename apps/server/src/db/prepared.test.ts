import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareDeclaredStatements, preparedName, preparedShape, preparedSql } from './prepared';

describe('prepared statements', () => {
  it('names a declared text; the same declaration again is accepted, a clash is not', () => {
    const text = preparedSql('test_find_one', 'select 1 where $1::int = 1');
    expect(preparedName(text)).toBe('test_find_one');
    expect(preparedSql('test_find_one', text)).toBe(text);
    expect(() => preparedSql('test_find_one', 'select 2 where $1::int = 1')).toThrow(/reused/);
    expect(() => preparedSql('test_other_name', text)).toThrow(/twice/);
    expect(preparedName('select 3')).toBeUndefined();
  });

  it('names a statement built at run time by its text: the same text one name, another text another', () => {
    const one = 'select $1::int as shape_one';
    const two = 'select $1::int as shape_two';
    expect(preparedShape('test_shape', one)).toBe(one);
    expect(preparedShape('test_shape', one)).toBe(one);
    expect(preparedShape('test_shape', two)).toBe(two);
    expect(preparedName(one)).toMatch(/^test_shape_[0-9a-f]{16}$/);
    expect(preparedName(two)).toMatch(/^test_shape_[0-9a-f]{16}$/);
    expect(preparedName(one)).not.toBe(preparedName(two));
  });

  it('a pool client sends declared statements by name and everything else unchanged', async () => {
    const text = preparedSql('test_find_two', 'select $1::int as n');
    const calls: unknown[][] = [];
    const client = {
      query: async (...args: unknown[]) => {
        calls.push(args);
        return { rows: [] };
      },
    } as unknown as pg.PoolClient;
    prepareDeclaredStatements(client);
    await client.query(text, [1]);
    await client.query('select $1::int as other', [2]);
    await client.query('begin');
    expect(calls).toEqual([
      [{ name: 'test_find_two', text, values: [1] }],
      ['select $1::int as other', [2]],
      ['begin'],
    ]);
  });
});
