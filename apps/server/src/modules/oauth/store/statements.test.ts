import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openMigratedPglite } from '../../../db/migrated-pglite';
import { PGliteDialect } from '../../../db/pglite-dialect';
import type { Database } from '../../../db/schema';
import {
  ACCOUNT_ROW_COLUMNS,
  CLIENT_ROW_COLUMNS,
  FAMILY_SEPARATOR,
  FIND_ACCOUNT,
  FIND_BY_ID,
  FIND_BY_UID,
  FIND_CLIENT,
  FIND_SESSION,
  FIND_SESSIONS_WITH_RELATED,
  FIND_TOKENS_WITH_RELATED,
  relatedOf,
  SESSION_ROW_COLUMNS,
  SESSION_WITH_RELATED_ROW_COLUMNS,
  STORED_ROW_COLUMNS,
  TOKEN_ROW_COLUMNS,
} from './statements';
import type { AccountRow, ClientRow, SessionRow, SessionWithRelatedRow, StoredRow, TokenRow } from './types';
import { createModelWrites, type UpsertParams } from './writes';

/*
 * Each read's row type, its column list and its SQL must name the same columns. The type and the
 * list are held together at compile time (expectTypeOf, checked by `npm run typecheck`); the list
 * and the SQL here, by what the database says each statement returns.
 */

let pglite: PGlite;
beforeAll(async () => {
  ({ pglite } = await openMigratedPglite());
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

describe('the engine writes of concurrent requests', () => {
  it('stores each row of one statement as given (nulls, an expiry, a bound session) and updates an existing row', async () => {
    const write = createModelWrites(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const expires = new Date('2031-05-06T07:08:09.000Z');
    const rows: UpsertParams[] = [
      [
        'AccessToken',
        'w-1',
        JSON.stringify({ kind: 'first' }),
        'grant-1',
        null,
        UUID,
        'client-1',
        expires,
        null,
      ],
      ['Session', 'w-2', JSON.stringify({ kind: 'Session' }), null, 'uid-2', null, null, null, UUID],
    ];
    await Promise.all(rows.map((row) => write(row)));
    await write([
      'AccessToken',
      'w-1',
      JSON.stringify({ kind: 'again' }),
      'grant-2',
      null,
      null,
      null,
      expires,
      null,
    ]);
    const { rows: stored } = await pglite.query<Record<string, unknown>>(
      `select id, payload, grant_id, uid, account_id, client_id, expires_at, omnia_session_id::text as bound
       from oidc_models where id in ('w-1', 'w-2') order by id`,
    );
    expect(stored).toEqual([
      {
        id: 'w-1',
        payload: { kind: 'again' },
        grant_id: 'grant-2',
        uid: null,
        account_id: null,
        client_id: null,
        expires_at: expires,
        bound: null,
      },
      {
        id: 'w-2',
        payload: { kind: 'Session' },
        grant_id: null,
        uid: 'uid-2',
        account_id: null,
        client_id: null,
        expires_at: null,
        bound: UUID,
      },
    ]);
  });

  it('keeps a payload that needs escaping intact', async () => {
    const write = createModelWrites(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const tricky = { name: 'Zoë "Z" \\ O\'Brien', list: ['{a,b}', null, 'NULL'], nested: { n: 1 } };
    await write(['Grant', 'w-3', JSON.stringify(tricky), null, null, null, null, null, null]);
    const { rows } = await pglite.query<{ payload: unknown }>(
      `select payload from oidc_models where id = 'w-3'`,
    );
    expect(rows[0]?.payload).toEqual(tricky);
  });

  it("stores a family's consent grant beside its tokens, and reads the family as that grant under its own id", async () => {
    const write = createModelWrites(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const consent = { jti: 'consent-1', accountId: UUID, clientId: 'client-1', openid: { scope: 'openid' } };
    const family = `consent-1${FAMILY_SEPARATOR}r4nd0m`;
    await write(['Grant', 'consent-1', JSON.stringify(consent), null, null, UUID, 'client-1', null, null]);
    await write(['RefreshToken', 'f-1', '{}', family, null, UUID, 'client-1', null, null]);
    await write(['AccessToken', 'f-2', '{}', 'consent-1', null, UUID, 'client-1', null, null]);
    const { rows: stored } = await pglite.query<{ id: string; family_of: string | null }>(
      `select id, family_of from oidc_models where id in ('consent-1', 'f-1', 'f-2') order by id`,
    );
    expect(stored).toEqual([
      { id: 'consent-1', family_of: null },
      { id: 'f-1', family_of: 'consent-1' },
      { id: 'f-2', family_of: null },
    ]);
    const { rows } = await pglite.query<TokenRow>(FIND_TOKENS_WITH_RELATED, [
      ['RefreshToken', 'AccessToken'],
      ['f-1', 'f-2'],
    ]);
    const grants = Object.fromEntries(rows.map((row) => [row.id, relatedOf(row).grant?.payload]));
    expect(grants['f-1']).toEqual({ ...consent, jti: family });
    expect(grants['f-2']).toEqual(consent);
  });
});
