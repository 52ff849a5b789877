import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect';
import { preparedSql } from '../../db/prepared';
import type { StoredRow } from './model-store';
import { keepRelated, RELATED_COLUMNS, type RelatedRow, relatedJoins } from './related-rows';
import { type RequestRows, rowKey } from './request-rows';

/** The tokens the engine follows to their grant, client and account in the same request. */
export const TOKEN_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);
const TOKEN_MODEL_LIST = [...TOKEN_MODELS];

const FIND_TOKEN_WITH_RELATED = preparedSql(
  'oauth_find_token',
  `select t.model, t.payload, t.consumed_at, t.expires_at,
    t.grant_id, t.client_id, t.account_id, ${RELATED_COLUMNS}
  from oidc_models t
  ${relatedJoins({ grantId: 't.grant_id', clientId: 't.client_id', accountId: 't.account_id' })}
  where t.model = any($1::text[]) and t.id = $2`,
);

interface TokenRow extends StoredRow, RelatedRow {
  model: string;
}

/**
 * Reads a token (by its stored, hashed id) and, in the same statement, its grant, client and
 * account, which are kept for the rest of the request (request-rows.ts). The statement looks in
 * every token model at once, so the engine's parallel lookups of one presented token
 * (introspection, revocation) share it.
 */
export async function findTokenWithRelated(
  db: Db,
  requestRows: RequestRows,
  model: string,
  storedId: string,
): Promise<StoredRow | undefined> {
  const found = await requestRows.share(rowKey('Token', storedId), async () => {
    const { rows } = await db.executeQuery<TokenRow>(
      CompiledQuery.raw(FIND_TOKEN_WITH_RELATED, [TOKEN_MODEL_LIST, storedId]),
    );
    for (const row of rows) keepRelated(requestRows, row);
    return rows;
  });
  const row = found.find((r) => r.model === model);
  return row && { payload: row.payload, consumed_at: row.consumed_at, expires_at: row.expires_at };
}
