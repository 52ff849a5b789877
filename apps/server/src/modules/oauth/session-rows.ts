import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect';
import { preparedSql } from '../../db/prepared';
import type { StoredRow } from './model-store';
import { keepRelated, RELATED_COLUMNS, type RelatedRow, relatedJoins } from './related-rows';
import type { RequestRows } from './request-rows';

/*
 * The engine's login session is only ever used for the account of the live Omnia session this
 * browser holds (named by its browser-session cookie, crypto/browser-session.ts): an engine
 * session with an account is usable only when that Omnia session is live and is the same
 * account's. Anything else reads as "no session", so the engine asks again (our consent screen
 * signs in whoever holds the Omnia session). Checked on every read, on every instance.
 */
const LIVE_BROWSER_SESSION = `left join sessions os on os.id = $BS::uuid and os.revoked_at is null
    and os.expires_at > now()`;
const USABLE = '(s.account_id is null or os.user_id::text = s.account_id) as s_usable';

const FIND_SESSION = preparedSql(
  'oauth_find_session_bound',
  `select s.payload, s.consumed_at, s.expires_at, ${USABLE}
  from oidc_models s
  ${LIVE_BROWSER_SESSION.replace('$BS', '$2')}
  where s.model = 'Session' and s.id = $1`,
);

/*
 * An authorization request reads the browser's session, then the client it names, the session's
 * account and the grant the session holds for that client: one statement here. The client is
 * read even without a session (a first visit still needs it).
 */
const FIND_SESSION_WITH_RELATED = preparedSql(
  'oauth_find_session',
  `select s.id as s_id, s.payload, s.consumed_at, s.expires_at, ${USABLE},
    s.payload->'authorizations'->$2::text->>'grantId' as grant_id, $2::text as client_id,
    s.account_id, ${RELATED_COLUMNS}
  from (select 1) as one
  left join oidc_models s on s.model = 'Session' and s.id = $1
  ${LIVE_BROWSER_SESSION.replace('$BS', '$3')}
  ${relatedJoins({ grantId: `s.payload->'authorizations'->$2::text->>'grantId'`, clientId: '$2::text', accountId: 's.account_id' })}`,
);

interface SessionRow extends StoredRow {
  s_usable: boolean | null;
}

interface SessionWithRelatedRow extends SessionRow, RelatedRow {
  s_id: string | null;
}

const stored = (row: SessionRow): StoredRow => ({
  payload: row.payload,
  consumed_at: row.consumed_at,
  expires_at: row.expires_at,
});

/** Reads an engine session as usable by the browser's Omnia session (`browserSessionId`), else nothing. */
export async function findBoundSession(
  db: Db,
  sessionId: string,
  browserSessionId: string | null,
): Promise<StoredRow | undefined> {
  const { rows } = await db.executeQuery<SessionRow>(
    CompiledQuery.raw(FIND_SESSION, [sessionId, browserSessionId]),
  );
  const row = rows[0];
  return row?.s_usable ? stored(row) : undefined;
}

/** The same, with what the authorization request for `clientId` reads next (kept for it). */
export async function findSessionWithRelated(
  db: Db,
  requestRows: RequestRows,
  sessionId: string,
  clientId: string,
  browserSessionId: string | null,
): Promise<StoredRow | undefined> {
  const { rows } = await db.executeQuery<SessionWithRelatedRow>(
    CompiledQuery.raw(FIND_SESSION_WITH_RELATED, [sessionId, clientId, browserSessionId]),
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.s_usable) {
    // The session's grant belongs to an account this browser is not signed in as: not kept.
    keepRelated(requestRows, { ...row, grant_id: null, account_id: null });
    return undefined;
  }
  keepRelated(requestRows, row);
  return row.s_id ? stored(row) : undefined;
}
