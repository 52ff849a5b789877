import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { migrate } from '../../../db/migrate';
import { PGliteDialect } from '../../../db/pglite-dialect';
import type { Database } from '../../../db/schema';
import {
  ACCOUNT_ROW_COLUMNS,
  CLIENT_ROW_COLUMNS,
  FIND_ACCOUNT,
  FIND_BY_ID,
  FIND_BY_UID,
  FIND_CLIENT,
  FIND_SESSION,
  FIND_SESSIONS_WITH_RELATED,
  FIND_TOKENS_WITH_RELATED,
  SESSION_ROW_COLUMNS,
  SESSION_WITH_RELATED_ROW_COLUMNS,
  STORED_ROW_COLUMNS,
  TOKEN_ROW_COLUMNS,
} from './statements';
import type { AccountRow, ClientRow, SessionRow, SessionWithRelatedRow, StoredRow, TokenRow } from './types';

/*
 * Each read's row type, its column list and its SQL must name the same columns. The type and the
 * list are held together at compile time (expectTypeOf, checked by `npm run typecheck`); the list
 * and the SQL here, by what the database says each statement returns.
 */

let pglite: PGlite;
beforeAll(async () => {
  pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
});
afterAll(async () => {
  await pglite?.close();
});

const UUID = '00000000-0000-4000-8000-000000000000';

/** The names of the columns a statement returns (from the result's description, rows or not). */
async function columnsOf(text: string, params: unknown[]): Promise<string[]> {
  const { fields } = await pglite.query(text, params);
  return fields.map((f) => f.name);
}

const sorted = (names: readonly string[]) => [...names].sort();

describe('engine adapter statements', () => {
  it('row types and column lists name the same columns', () => {
    expectTypeOf<(typeof STORED_ROW_COLUMNS)[number]>().toEqualTypeOf<keyof StoredRow>();
    expectTypeOf<(typeof TOKEN_ROW_COLUMNS)[number]>().toEqualTypeOf<keyof TokenRow>();
    expectTypeOf<(typeof SESSION_ROW_COLUMNS)[number]>().toEqualTypeOf<keyof SessionRow>();
    expectTypeOf<(typeof SESSION_WITH_RELATED_ROW_COLUMNS)[number]>().toEqualTypeOf<
      keyof SessionWithRelatedRow
    >();
    expectTypeOf<(typeof CLIENT_ROW_COLUMNS)[number]>().toEqualTypeOf<keyof ClientRow>();
    expectTypeOf<(typeof ACCOUNT_ROW_COLUMNS)[number]>().toEqualTypeOf<keyof AccountRow>();
    // Every list names each column once.
    for (const list of [TOKEN_ROW_COLUMNS, SESSION_WITH_RELATED_ROW_COLUMNS, CLIENT_ROW_COLUMNS])
      expect(new Set(list).size).toBe(list.length);
  });

  it.each([
    ['find by id', FIND_BY_ID, ['Grant', 'g'], STORED_ROW_COLUMNS],
    ['find by uid', FIND_BY_UID, ['Session', 'u'], STORED_ROW_COLUMNS],
    [
      'token with its grant, client and account',
      FIND_TOKENS_WITH_RELATED,
      [['AccessToken'], ['t']],
      TOKEN_ROW_COLUMNS,
    ],
    ['session bound to the browser', FIND_SESSION, ['s', UUID], SESSION_ROW_COLUMNS],
    [
      'session with its client, account and grant',
      FIND_SESSIONS_WITH_RELATED,
      [['s'], ['client'], [UUID]],
      SESSION_WITH_RELATED_ROW_COLUMNS,
    ],
    ['client', FIND_CLIENT, ['client'], CLIENT_ROW_COLUMNS],
    ['account', FIND_ACCOUNT, [UUID], ACCOUNT_ROW_COLUMNS],
  ] as const)(
    '%s: the statement returns exactly the listed columns',
    async (_name, text, params, columns) => {
      expect(sorted(await columnsOf(text, [...params]))).toEqual(sorted(columns));
    },
  );
});
