import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { PGliteDialect } from './pglite-dialect';
import { preparedSql } from './prepared';

const INSERT = preparedSql(
  'test_pglite_insert',
  `insert into things (id, tags, data, at) values ($1, $2::text[], $3::jsonb, $4::timestamptz)
    returning id, tags, data, at, n`,
);
const FIND = preparedSql(
  'test_pglite_find',
  'select id, tags, data, at, n, null::text as nothing from things where id = any($1::text[]) order by id',
);
const FIND_UNDECLARED =
  'select id, tags, data, at, n, null::text as nothing from things where id = any($1::text[]) order by id';

let pglite: PGlite;
let db: Kysely<unknown>;
const run = <R>(sql: string, params: unknown[]) => db.executeQuery<R>(CompiledQuery.raw(sql, params));
const prepared = async () =>
  (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

beforeEach(async () => {
  pglite = new PGlite();
  db = new Kysely({ dialect: new PGliteDialect(pglite) });
  await pglite.exec(
    'create table things (id text primary key, tags text[], data jsonb, at timestamptz, n int8 default 7)',
  );
});
afterEach(() => db.destroy());

describe('declared statements on PGlite', () => {
  it('run by name, parsed once, with the same values and types as an unnamed statement', async () => {
    const at = new Date('2026-11-27T10:00:00.000Z');
    const inserted = await run(INSERT, ['a', ['x', 'y'], JSON.stringify({ k: [1, 'two'] }), at]);
    await run(INSERT, ['b', [], JSON.stringify(null), null]);
    expect(inserted.rows).toEqual([{ id: 'a', tags: ['x', 'y'], data: { k: [1, 'two'] }, at, n: 7 }]);

    const named = await run(FIND, [['a', 'b', 'c']]);
    const unnamed = await run(FIND_UNDECLARED, [['a', 'b', 'c']]);
    expect(named.rows).toEqual(unnamed.rows);
    expect(named.rows).toHaveLength(2);
    expect(await prepared()).toEqual(['test_pglite_find', 'test_pglite_insert']);
  });

  it('an error rejects with PostgreSQL code, and the next statement runs', async () => {
    await run(INSERT, ['a', [], '{}', null]);
    const duplicate = await run(INSERT, ['a', [], '{}', null]).catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const bad = await run(FIND, ['not an array']).catch((err: unknown) => err);
    expect((bad as { code?: string }).code).toBe('22P02');
    expect((await run(FIND, [['a']])).rows).toHaveLength(1);
  });

  it('inside a transaction: an error aborts it, rollback leaves nothing, commit keeps rows', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(INSERT, ['t1', [], '{}', null]));
        await trx.executeQuery(CompiledQuery.raw(INSERT, ['t1', [], '{}', null]));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await run(FIND, [['t1']])).rows).toEqual([]);

    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(INSERT, ['t2', [], '{}', null]));
    });
    expect((await run(FIND, [['t2']])).rows).toHaveLength(1);
  });

  it('a statement refused when first parsed is parsed again once it can be', async () => {
    const text = preparedSql('test_pglite_later', 'select count(*)::int as c from later where id = $1::int');
    await expect(run(text, [1])).rejects.toMatchObject({ code: '42P01' });
    await pglite.exec('create table later (id int)');
    expect((await run(text, [1])).rows).toEqual([{ c: 0 }]);
  });
});

describe('declared statements on one PGlite shared by two Kysely instances', () => {
  it('are parsed once for the database, also when both run one at the same time', async () => {
    const other = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    await Promise.all([
      run(INSERT, ['one', [], '{}', null]),
      other.executeQuery(CompiledQuery.raw(INSERT, ['two', [], '{}', null])),
    ]);
    expect((await other.executeQuery(CompiledQuery.raw(FIND, [['one', 'two']]))).rows).toHaveLength(2);
    expect(await prepared()).toEqual(['test_pglite_find', 'test_pglite_insert']);
  });
});

describe('declared statements run with generic plans (the engine on PGlite)', () => {
  const plans = async (name: string) =>
    (
      await pglite.query<{ generic_plans: number; custom_plans: number }>(
        'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
        [name],
      )
    ).rows[0];
  const mode = async () =>
    (await pglite.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]?.plan_cache_mode;

  it('keep one generic plan from the first run, and leave every other query on the default', async () => {
    const engine = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, { genericPlans: true }) });
    await run(INSERT, ['a', ['x'], '{"k":1}', null]);
    const read = await engine.executeQuery(CompiledQuery.raw(FIND, [['a']]));
    expect(read.rows).toEqual([{ id: 'a', tags: ['x'], data: { k: 1 }, at: null, n: 7, nothing: null }]);
    await engine.executeQuery(CompiledQuery.raw(FIND, [['a', 'b']]));
    expect(await plans('test_pglite_find')).toEqual({ generic_plans: 2, custom_plans: 0 });
    expect(await plans('test_pglite_insert')).toEqual({ generic_plans: 0, custom_plans: 1 });
    expect(await mode()).toBe('auto');
  });

  it('leave the default in place after a statement fails, outside and inside a transaction', async () => {
    const engine = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, { genericPlans: true }) });
    await engine.executeQuery(CompiledQuery.raw(INSERT, ['a', [], '{}', null]));
    await expect(engine.executeQuery(CompiledQuery.raw(INSERT, ['a', [], '{}', null]))).rejects.toMatchObject(
      {
        code: '23505',
      },
    );
    expect(await mode()).toBe('auto');
    await expect(
      engine.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(INSERT, ['b', [], '{}', null]));
        await trx.executeQuery(CompiledQuery.raw(INSERT, ['a', [], '{}', null]));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await mode()).toBe('auto');
    expect((await run(FIND, [['a', 'b']])).rows.map((r) => (r as { id: string }).id)).toEqual(['a']);
  });
});

describe('two Kysely instances on one PGlite (the app and the engine)', () => {
  it("take turns on the connection: one's statement waits for the other's transaction to end", async () => {
    const engine = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, { genericPlans: true }) });
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(INSERT, ['uncommitted', [], '{}', null]));
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await insertedOnce;
    const read = await engine.executeQuery(CompiledQuery.raw(FIND, [['uncommitted']]));
    await expect(transaction).rejects.toThrow('rolled back');
    expect(read.rows).toEqual([]);
  });
});
