import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/connect';
import { createReadBatch, type ReadBatch } from '../../../db/read-batch';
import { rowKey } from './request-rows';
import { relatedOf, storedOf } from './rows';
import { rememberSessionRead } from './session-saves';
import { FIND_SESSION, FIND_SESSIONS_WITH_RELATED, FIND_TOKENS_WITH_RELATED } from './statements';
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

/*
 * Token reads (and authorization requests' session reads) of concurrent requests share a statement when the database is busy (db/read-batch.ts):
 * one token statement per process runs at a time, and the reads asked while it runs leave together
 * in the next one: on PostgreSQL that doubled userinfo against no limit, and beat two at a time
 * (docs/performance.md, Decisions).
 */
const READS_IN_FLIGHT = 1;
const READ_BATCH = 64;

export type TokenReads = ReadBatch<TokenRow>;

/** The process's token reads: a token by its stored (hashed) id, with its grant, client and account. */
export function createTokenReads(db: Db): TokenReads {
  return createReadBatch<TokenRow>({
    maxInFlight: READS_IN_FLIGHT,
    maxBatch: READ_BATCH,
    async read(storedIds) {
      const { rows } = await db.executeQuery<TokenRow>(
        CompiledQuery.raw(FIND_TOKENS_WITH_RELATED, [TOKEN_MODEL_LIST, storedIds]),
      );
      const byId = new Map<string, TokenRow[]>();
      for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
      return byId;
    },
  });
}

/** One session read of an authorization request: the session, the client named and the browser's session. */
type SessionKey = [sessionId: string, clientId: string, browserSessionId: string | null];
export type SessionReads = ReadBatch<SessionWithRelatedRow>;

/** The process's authorization-request session reads, batched as token reads are. */
export function createSessionReads(db: Db): SessionReads {
  return createReadBatch<SessionWithRelatedRow>({
    maxInFlight: READS_IN_FLIGHT,
    maxBatch: READ_BATCH,
    async read(keys) {
      const asked = keys.map((key) => JSON.parse(key) as SessionKey);
      const { rows } = await db.executeQuery<SessionWithRelatedRow>(
        CompiledQuery.raw(FIND_SESSIONS_WITH_RELATED, [
          asked.map((k) => k[0]),
          asked.map((k) => k[1]),
          asked.map((k) => k[2]),
        ]),
      );
      // One row per key (every join is on a key), numbered from 1 in the order asked.
      return new Map(rows.map((row) => [keys[row.k_n - 1] as string, [row]]));
    },
  });
}

/**
 * Reads a token (by its stored, hashed id) and, in the same statement, its grant, client and
 * account, which are kept for the rest of the request (request-rows.ts).
 */
export async function findTokenWithRelated(
  tokenReads: TokenReads,
  requestRows: RequestRows,
  model: string,
  storedId: string,
): Promise<StoredRow | undefined> {
  const found = await requestRows.share(rowKey('Token', storedId), async () => {
    // Kept in the reading request's own context, after the await.
    const rows = await tokenReads(storedId);
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
  sessionReads: SessionReads,
  requestRows: RequestRows,
  sessionId: string,
  clientId: string,
  browserSessionId: string | null,
): Promise<StoredRow | undefined> {
  const key: SessionKey = [sessionId, clientId, browserSessionId];
  const [row] = await sessionReads(JSON.stringify(key));
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
