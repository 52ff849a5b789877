import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../../db/connect';
import type { PendingConsume } from './pending-consume';
import {
  findBoundSession,
  findSessionWithRelated,
  findTokenWithRelated,
  type SessionReads,
  TOKEN_MODELS,
  type TokenReads,
} from './reads';
import { rowKey } from './request-rows';
import { onlySlidesExpiry } from './session-saves';
import {
  DESTROY_GRANT,
  FAMILY_SEPARATOR,
  FIND_BY_ID,
  FIND_BY_UID,
  REVOKE_BY_GRANT,
  toPayload,
} from './statements';
import type { RequestRows, StoredRow } from './types';
import type { ModelWrites, UpsertParams } from './writes';

/** Models whose id is itself a bearer credential: stored under a hash, never in the clear. */
const CREDENTIAL_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
]);

/** The models a browser's Omnia session owns: ending that session ends them (../engine-sessions.ts). */
const BROWSER_BOUND_MODELS = new Set(['Session', 'Interaction']);

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A new family of a consent grant; a family's id is kept when the engine already holds one. */
function familyIdFor(grantId: string): string {
  if (grantId.includes(FAMILY_SEPARATOR)) return grantId;
  return `${grantId}${FAMILY_SEPARATOR}${randomBytes(16).toString('base64url')}`;
}

/** The consent grant a family's id names; null for any other grant id. */
function consentOf(grantId: string): string | null {
  const at = grantId.indexOf(FAMILY_SEPARATOR);
  return at > 0 ? grantId.slice(0, at) : null;
}

/**
 * oidc-provider's store for every model except Client, on one table (model, id, payload). Codes
 * and tokens are keyed by a SHA-256 of their value and kept without their `jti`, so a copy of
 * the table yields no usable credential.
 */
export function createModelStore(
  db: Db,
  model: string,
  requestRows: RequestRows,
  reads: { tokens: TokenReads; sessions: SessionReads },
  writes: ModelWrites,
  /** The engine's one holder of consumptions (pending-consume.ts), shared by every model. */
  pending: PendingConsume,
): Adapter {
  const secret = CREDENTIAL_MODELS.has(model);
  const key = (id: string) => (secret ? sha256(id) : id);
  // A token is read with its grant, client and account, and an authorization request's session
  // with its client, account and grant (request-rows.ts); a grant may have been kept.
  const isToken = TOKEN_MODELS.has(model);

  const load = async (by: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> => {
    if (by === 'id' && isToken)
      return toPayload(await findTokenWithRelated(reads.tokens, requestRows, model, value));
    const { clientId, browserSession } = requestRows.hints();
    if (by === 'id' && model === 'Session') {
      const bound = browserSession?.sessionId ?? null;
      return toPayload(
        clientId
          ? await findSessionWithRelated(reads.sessions, requestRows, value, clientId, bound)
          : await findBoundSession(db, requestRows, value, bound),
      );
    }
    // A family's grant is its consent grant's, under the family's id.
    const consent = model === 'Grant' && by === 'id' ? consentOf(value) : null;
    const { rows } = await db.executeQuery<StoredRow>(
      CompiledQuery.raw(by === 'id' ? FIND_BY_ID : FIND_BY_UID, [model, consent ?? value]),
    );
    const payload = toPayload(rows[0]);
    return payload && consent ? { ...payload, jti: value } : payload;
  };
  const kept = (id: string) => requestRows.take<StoredRow>(rowKey(model, id));
  const dropKept = (id: string) => requestRows.drop(rowKey(model, id));

  return {
    async upsert(id, payload, expiresIn) {
      dropKept(id);
      if (!pending.carries(model)) await pending.flush();
      const stored: Record<string, unknown> = { ...payload };
      if (secret) delete stored.jti;
      // A session is bound to the browser's Omnia session once it has an account of that session's.
      const { browserSession } = requestRows.hints();
      const bindable =
        BROWSER_BOUND_MODELS.has(model) &&
        browserSession !== undefined &&
        (model === 'Interaction' || payload.accountId === browserSession.userId);
      const boundTo = bindable ? browserSession.sessionId : null;
      // A save that only slides the session's expiry a little is not written (session-saves.ts).
      if (model === 'Session' && onlySlidesExpiry(requestRows, id, payload, boundTo)) return;
      // A code starts a family of its own, named after the consent grant (statements.ts).
      if (model === 'AuthorizationCode' && typeof payload.grantId === 'string')
        stored.grantId = familyIdFor(payload.grantId);
      const params: UpsertParams = [
        model,
        key(id),
        JSON.stringify(stored),
        typeof stored.grantId === 'string' ? stored.grantId : null,
        payload.uid ?? null,
        payload.accountId ?? null,
        payload.clientId ?? null,
        expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        boundTo,
      ];
      if (pending.carry(params)) return;
      await writes(params);
    },
    async find(id) {
      await pending.flush();
      const row = kept(id);
      if (row !== undefined) return toPayload(row);
      const payload = await load('id', key(id));
      return payload && secret ? { ...payload, jti: id } : payload;
    },
    async findByUid(uid) {
      await pending.flush();
      // Only Session is looked up by uid; its id is not hashed.
      return load('uid', uid);
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      dropKept(id);
      await pending.consume(model, key(id));
    },
    async destroy(id) {
      dropKept(id);
      await pending.flush();
      if (model === 'Grant') {
        await db.executeQuery(CompiledQuery.raw(DESTROY_GRANT, [id]));
        return;
      }
      await db.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', key(id)).execute();
    },
    async revokeByGrantId(grantId) {
      await pending.flush();
      requestRows.drop(rowKey('Grant', grantId));
      await db.executeQuery(CompiledQuery.raw(REVOKE_BY_GRANT, [grantId]));
    },
  };
}

/**
 * Deletes expired engine rows (codes, tokens, sessions, interactions, grants), then the grants cut
 * for one authorization code that nothing refers to any more (the code expired unused, or every
 * token of the family is gone); returns the count.
 */
export async function purgeExpiredModels(db: Db): Promise<number> {
  const result = await db.deleteFrom('oidc_models').where('expires_at', '<=', new Date()).executeTakeFirst();
  const families = await db
    .deleteFrom('oidc_models as g')
    .where('g.model', '=', 'Grant')
    .where('g.family_of', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('oidc_models as t').select('t.id').whereRef('t.grant_id', '=', 'g.id'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) + Number(families.numDeletedRows);
}
