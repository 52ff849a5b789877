import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect';
import { preparedSql } from '../../db/prepared';
import type { StoredRow } from './model-store';
import { keepRelated, RELATED_COLUMNS, type RelatedRow, relatedJoins } from './related-rows';
import type { RequestRows } from './request-rows';

/*
 * An authorization request reads the browser's session, then the client it names, the session's
 * account and the grant the session holds for that client: one statement here. The client is
 * read even without a session (a first visit still needs it).
 */
const FIND_SESSION_WITH_RELATED = preparedSql(
  'oauth_find_session',
  `select s.id as s_id, s.payload, s.consumed_at, s.expires_at,
    s.payload->'authorizations'->$2::text->>'grantId' as grant_id, $2::text as client_id,
    s.account_id, ${RELATED_COLUMNS}
  from (select 1) as one
  left join oidc_models s on s.model = 'Session' and s.id = $1
  ${relatedJoins({ grantId: `s.payload->'authorizations'->$2::text->>'grantId'`, clientId: '$2::text', accountId: 's.account_id' })}`,
);

interface SessionRow extends StoredRow, RelatedRow {
  s_id: string | null;
}

/** Reads a session with what the authorization request for `clientId` reads next (kept for it). */
export async function findSessionWithRelated(
  db: Db,
  requestRows: RequestRows,
  sessionId: string,
  clientId: string,
): Promise<StoredRow | undefined> {
  const { rows } = await db.executeQuery<SessionRow>(
    CompiledQuery.raw(FIND_SESSION_WITH_RELATED, [sessionId, clientId]),
  );
  const row = rows[0];
  if (!row) return undefined;
  keepRelated(requestRows, row);
  return row.s_id
    ? { payload: row.payload, consumed_at: row.consumed_at, expires_at: row.expires_at }
    : undefined;
}
