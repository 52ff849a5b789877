import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery } from 'kysely';
import { errors, type KoaContextWithOIDC, Provider } from 'oidc-provider';
import { createSecretBox } from '../../../crypto/secret-box';
import type { Db } from '../../../db/connect';
import { namedStatement } from '../../../db/named-statements';
import { ENGINE_SINGLE_USE_ERRORS } from '../../../oidc-engine-seam';
import type { RequestRows } from './types';
import { REVOKE_GRANT } from './write-statements';

/**
 * How long after a refresh token was rotated the same token may be presented again and get the
 * same successor (docs/integrators.md): two tabs refreshing at once, or a retry after a lost
 * response, do not end the grant. Later, or once the successor was used, a presentation is a
 * reuse and revokes the family (RFC 9700 §4.14).
 */
export const REFRESH_RETRY_WINDOW_S = 30;

/** How long a retry waits for the rotation it lost to record its successor. */
const SUCCESSOR_WAIT_MS = 3000;
const SUCCESSOR_POLL_MS = 20;

const PURPOSE = 'refresh-successor';

const CONSUME_REFRESH = namedStatement(
  'oauth_consume_refresh',
  `update oidc_models set consumed_at = now()
  where model = 'RefreshToken' and id = $1 and consumed_at is null returning id`,
);
const SUCCESSOR_OF = namedStatement(
  'oauth_refresh_successor_of',
  `select successor, grant_id, consumed_at > now() - make_interval(secs => $2) as recent
  from oidc_models where model = 'RefreshToken' and id = $1`,
);
const UNUSED_REFRESH = namedStatement(
  'oauth_unused_refresh',
  `select 1 from oidc_models where model = 'RefreshToken' and id = $1 and consumed_at is null`,
);

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The refresh token a token request presents, when it is a refresh at the token endpoint. */
function presentedRefreshToken(ctx: KoaContextWithOIDC | undefined): string | undefined {
  const params = ctx?.oidc?.params;
  if (ctx?.oidc?.route !== 'token' || params?.grant_type !== 'refresh_token') return undefined;
  return typeof params.refresh_token === 'string' ? params.refresh_token : undefined;
}

interface SuccessorRow {
  successor: string | null;
  grant_id: string | null;
  recent: boolean | null;
}

export interface RefreshRetries {
  /**
   * The adapter's find: a refresh token rotated within the window, presented at the token
   * endpoint, is handed to the engine as unused, so that `rotate` decides (retry or reuse).
   */
  mayRetry(rawId: string, consumedAt: number): boolean;
  /** The adapter's consume: true when `rotate` already consumed this token in this request. */
  consumedHere(storedId: string): boolean;
  /**
   * The adapter's upsert of a new refresh token: sealed under the token it replaces, to be recorded
   * on that one in the same statement (UPSERT_SUCCESSOR); undefined when this request rotated
   * nothing (the engine saving the presented token again, a retry).
   */
  sealedSuccessor(rawSuccessor: string): string | undefined;
  /**
   * The engine's `rotateRefreshToken`: consumes the presented token (one conditional update) and
   * rotates; when another request rotated it first, within the window, answers with that
   * request's successor instead (no rotation); otherwise it is a reuse: the family is revoked.
   */
  rotate(ctx: KoaContextWithOIDC): Promise<boolean>;
  /** The successor a retry answers with, for the response (the engine wrote the presented token). */
  retriedSuccessor(): string | undefined;
  /**
   * The engine's `rotateRefreshToken` for an app whose refresh token is not rotated (FAPI 2.0):
   * false, and what the request issues is written only while the presented token is there and
   * unused (UPSERT_ISSUED_UNUSED), so a revocation at the same moment leaves nothing issued.
   */
  keep(ctx: KoaContextWithOIDC): false;
}

export function createRefreshRetries(db: Db, requestRows: RequestRows): RefreshRetries {
  const run = async <T>(statement: string, params: unknown[]) =>
    (await db.executeQuery<T>(CompiledQuery.raw(statement, params))).rows;

  /** The successor of a rotated token, once its rotation recorded it (null: none in time). */
  const awaitSuccessor = async (stored: string): Promise<SuccessorRow | null> => {
    const deadline = Date.now() + SUCCESSOR_WAIT_MS;
    for (;;) {
      const [row] = await run<SuccessorRow>(SUCCESSOR_OF, [stored, REFRESH_RETRY_WINDOW_S]);
      if (!row || row.successor || Date.now() >= deadline) return row ?? null;
      await sleep(SUCCESSOR_POLL_MS);
    }
  };

  const reuse = async (grantId: string | null | undefined): Promise<never> => {
    // Twice, as a lost race does (model-store.ts): a token being written under a share lock on
    // the row is committed before the first delete passes it, and the second one removes it.
    if (grantId) {
      await run(REVOKE_GRANT, [grantId]);
      await run(REVOKE_GRANT, [grantId]);
    }
    throw new errors.InvalidGrant(ENGINE_SINGLE_USE_ERRORS.RefreshToken);
  };

  return {
    mayRetry(rawId, consumedAt) {
      if (presentedRefreshToken(Provider.ctx) !== rawId) return false;
      return Date.now() / 1000 - consumedAt < REFRESH_RETRY_WINDOW_S;
    },
    consumedHere(storedId) {
      return requestRows.hints().refresh?.consumedHere === storedId;
    },
    sealedSuccessor(rawSuccessor) {
      const refresh = requestRows.hints().refresh;
      if (!refresh?.consumedHere || refresh.presented === rawSuccessor) return undefined;
      return createSecretBox(refresh.presented, PURPOSE).seal(rawSuccessor);
    },
    async rotate(ctx) {
      const presented = presentedRefreshToken(ctx);
      if (!presented) return true;
      const stored = sha256(presented);
      const hints = requestRows.hints();
      if ((await run(CONSUME_REFRESH, [stored])).length > 0) {
        hints.refresh = { presented, consumedHere: stored };
        hints.consumed = { model: 'RefreshToken', id: stored };
        return true;
      }
      const row = await awaitSuccessor(stored);
      if (!row?.successor || !row.recent) return reuse(row?.grant_id);
      let successor: string;
      try {
        successor = createSecretBox(presented, PURPOSE).open(row.successor);
      } catch {
        return reuse(row.grant_id);
      }
      const successorId = sha256(successor);
      // Once the successor was used the app has moved on: the old token back is a reuse.
      if ((await run(UNUSED_REFRESH, [successorId])).length === 0) return reuse(row.grant_id);
      hints.refresh = { presented, retriedWith: successor };
      // What this request issues is written only while the successor is there (UPSERT_ISSUED).
      hints.consumed = { model: 'RefreshToken', id: successorId, unused: true };
      return false;
    },
    retriedSuccessor() {
      return requestRows.hints().refresh?.retriedWith;
    },
    keep(ctx) {
      const presented = presentedRefreshToken(ctx);
      if (presented)
        requestRows.hints().consumed = { model: 'RefreshToken', id: sha256(presented), unused: true };
      return false;
    },
  };
}
