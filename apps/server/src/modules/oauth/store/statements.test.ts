import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openMigratedPglite } from '../../../db/migrated-pglite';
import { PGliteDialect } from '../../../db/pglite-dialect';
import type { Database } from '../../../db/schema';
import { relatedOf } from './rows';
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
import { FAMILY_SEPARATOR, REVOKE_BY_GRANT, REVOKE_GRANT } from './write-statements';
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

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe("revoking a grant's tokens", () => {
  const rows = async (ids: string[]) =>
    (
      await pglite.query<{ id: string }>('select id from oidc_models where id = any($1) order by id', [ids])
    ).rows.map((r) => r.id);

  it("deletes the grant's codes and tokens and its families', a reuse the presented family's, nothing else", async () => {
    const family = `rv-consent${FAMILY_SEPARATOR}abc`;
    const legacy = 'rv-legacy-family';
    await pglite.exec(`insert into oidc_models (model, id, payload, grant_id, family_of) values
      ('Grant', 'rv-consent', '{}', null, null),
      ('AccessToken', 'rv-a', '{}', 'rv-consent', null),
      ('RefreshToken', 'rv-f1', '{}', '${family}', 'rv-consent'),
      ('AccessToken', 'rv-f2', '{}', '${family}', 'rv-consent'),
      ('Grant', '${legacy}', '{}', null, 'rv-consent'),
      ('RefreshToken', 'rv-l1', '{}', '${legacy}', null),
      ('AccessToken', 'rv-other', '{}', 'rv-other-grant', null)`);
    const all = ['rv-consent', 'rv-a', 'rv-f1', 'rv-f2', legacy, 'rv-l1', 'rv-other'];
    // A reuse of rv-f1 ends its family only.
    await pglite.query(REVOKE_GRANT, [family]);
    expect(await rows(all)).toEqual(['rv-a', 'rv-consent', 'rv-l1', legacy, 'rv-other'].sort());
    // A reuse in a family written as a row ends that row too.
    await pglite.query(REVOKE_GRANT, [legacy]);
    expect(await rows(all)).toEqual(['rv-a', 'rv-consent', 'rv-other'].sort());
    await pglite.query(REVOKE_BY_GRANT, ['rv-consent']);
    expect(await rows(all)).toEqual(['rv-consent', 'rv-other']);
  });

  it('finds them through the indexes, not by reading the whole table', async () => {
    await pglite.exec(`insert into oidc_models (model, id, payload, grant_id, family_of)
      select 'AccessToken', 'bulk-' || g, '{}', 'bulk-grant-' || (g % 5000),
        case when g % 2 = 0 then 'bulk-grant-' || (g % 5000) end
      from generate_series(1, 30000) g;
      analyze oidc_models;`);
    for (const [text, params] of [
      [REVOKE_GRANT, ['bulk-grant-7']],
      [REVOKE_BY_GRANT, ['bulk-grant-7']],
    ] as const) {
      const { rows: explained } = await pglite.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        `explain (format json) ${text}`,
        [...params],
      );
      const plan = explained[0]?.['QUERY PLAN'][0].Plan ?? {};
      const scans = planNodes(plan).map((node) => node['Node Type']);
      expect(scans).not.toContain('Seq Scan');
      expect(scans).toContain('Bitmap Index Scan');
    }
  });
});
