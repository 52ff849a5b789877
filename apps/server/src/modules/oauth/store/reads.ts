import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/connect';
import { rowKey } from './request-rows';
import { rememberSessionRead } from './session-saves';
import {
  FIND_SESSION,
  FIND_SESSION_WITH_RELATED,
  FIND_TOKEN_WITH_RELATED,
  relatedOf,
  storedOf,
} from './statements';
import type {
  RelatedRow,
  RequestRows,
  SessionRow,
  SessionWithRelatedRow,
  StoredRow,
  TokenRow,
} from './types';

/** The tokens the engine follows to their grant, client and account in the same request. */
export const TOKEN_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);
const TOKEN_MODEL_LIST = [...TOKEN_MODELS];

/**
 * Keeps the grant, client and account read with a row for the rest of the request; null for one
 * that is named but not there, so the engine's next lookup answers "not found" without a round
 * trip.
 */
function keepRelated(requestRows: RequestRows, row: RelatedRow) {
  const { grant, client, account } = relatedOf(row);
  if (grant !== undefined && row.grant_id) requestRows.keep(rowKey('Grant', row.grant_id), grant);
  if (client !== undefined && row.client_id) requestRows.keep(rowKey('Client', row.client_id), client);
  if (account !== undefined && row.account_id) requestRows.keep(rowKey('Account', row.account_id), account);
}

/**
 * Reads a token (by its stored, hashed id) and, in the same statement, its grant, client and
 * account, which are kept for the rest of the request (request-rows.ts).
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
  return row && storedOf(row);
}

/** Reads an engine session as usable by the browser's Omnia session (`browserSessionId`), else nothing. */
export async function findBoundSession(
  db: Db,
  requestRows: RequestRows,
  sessionId: string,
  browserSessionId: string | null,
): Promise<StoredRow | undefined> {
  const { rows } = await db.executeQuery<SessionRow>(
    CompiledQuery.raw(FIND_SESSION, [sessionId, browserSessionId]),
  );
  const row = rows[0];
  if (!row?.s_usable) return undefined;
  rememberSessionRead(requestRows, sessionId, row);
  return storedOf(row);
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
  if (!row.s_id) return undefined;
  rememberSessionRead(requestRows, sessionId, row);
  return storedOf(row);
}
