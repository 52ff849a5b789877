import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { CompiledQuery } from 'kysely';
import { type Adapter, type AdapterPayload, errors, Provider } from 'oidc-provider';
import type { Db } from '../../../db/connect';
import { unstorableText } from '../../../db/unstorable-text';
import { ENGINE_SINGLE_USE_ERRORS, pushedWithoutPromptNone } from '../../../oidc-engine-seam';
import { ENGINE_TTL } from '../engine-constants';
import type { DeviceCodeSealer } from './device-codes';
import { expiredCodeReplayed } from './expired-code-replay';
import {
  findBoundSession,
  findSessionWithRelated,
  findTokenWithRelated,
  type SessionReads,
  TOKEN_MODELS,
  type TokenReads,
} from './reads';
import type { RefreshRetries } from './refresh-retries';
import { rowKey } from './request-rows';
import { toPayload } from './rows';
import { onlySlidesExpiry } from './session-saves';
import { FIND_BY_ID, FIND_BY_UID, GRANT_OF } from './statements';
import type { RequestRows, StoredRow } from './types';
import {
  CONSUME,
  DESTROY_GRANT,
  FAMILY_SEPARATOR,
  FIRST_SIGHT,
  REVOKE_BY_GRANT,
  REVOKE_GRANT,
} from './write-statements';
import type { ModelWrites, UpsertParams } from './writes';

/**
 * No row lives longer than this, whatever the engine asks: a lifetime taken from a client's JWT
 * (a client assertion's far-off `exp`) would otherwise make an invalid date, or a row for ever.
 */
const LONGEST_TTL_S = 400 * 86_400;

/**
 * The record of a JWT access token for a developer's API (the engine stores none of those): its
 * id's hash, its family and sign-in, so that revoking them ends it too (api-token-records.ts).
 */
export const API_ACCESS_TOKEN_MODEL = 'ApiAccessToken';

/**
 * The shortest life of a one-time proof's record (ReplayDetection). The engine takes a DPoP proof
 * while its `iat` is within 300 s of now either way (Omnia refuses one more than 60 s ahead:
 * dpop-clock.ts), so one stamped ahead is good for up to 360 s from its first use; the engine asks
 * to keep its record 300 s. A client assertion lives at most 600 s (high-security.ts).
 */
const REPLAY_RECORD_MIN_S = 600;

/**
 * How long a pushed request's row stays past its own 60 s (which the engine checks in its
 * payload): as long as an authorization begun from it may last. Issuing a code reads it whatever
 * its age and consumes it, so a second authorization of one request_uri finished late finds it
 * used (RFC 9126 §4), instead of finding nothing and issuing a second code.
 */
const PUSHED_REQUEST_KEPT_S = ENGINE_TTL.Interaction;

/** The models that keep a request's own parameters, before anything is made from them. */
const REQUEST_MODELS = new Set(['Interaction', 'Session', 'PushedAuthorizationRequest', 'DeviceCode']);

/** Models whose id is itself a bearer credential: stored under a hash, never in the clear. */
const CREDENTIAL_MODELS = new Set([
  'AccessToken',
  API_ACCESS_TOKEN_MODEL,
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

/** The codes a token request redeems, each one authorization. */
const CODE_MODELS = new Set(['AuthorizationCode', 'DeviceCode']);

/** What a token request issues for the code or refresh token it consumed (or, not rotating one, presented). */
const ISSUED_MODELS = new Set(['AccessToken', API_ACCESS_TOKEN_MODEL, 'RefreshToken']);

/**
 * Deletes a grant's rows in two statements: a token being issued for the grant holds a share lock
 * on what it consumed (write-statements.ts, UPSERT_ISSUED), and is committed before the first delete
 * goes past it, yet after that statement took its snapshot; the second one sees it.
 */
async function revokeTwice(db: Db, statement: string, grantId: string): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(statement, [grantId]));
  await db.executeQuery(CompiledQuery.raw(statement, [grantId]));
}

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
  /** Seals a device code's values in its row (device-codes.ts). */
  deviceCodes: DeviceCodeSealer,
  /** A rotated refresh token presented again within the window (refresh-retries.ts). */
  refreshRetries: RefreshRetries,
): Adapter {
  const secret = CREDENTIAL_MODELS.has(model);
  const key = (id: string) => (secret ? sha256(id) : id);
  // A token is read with its grant, client and account, and an authorization request's session
  // with its client, account and grant (request-rows.ts); a grant may have been kept.
  const isToken = TOKEN_MODELS.has(model);

  const load = async (by: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> => {
    // PostgreSQL text holds no NUL: an id with one names nothing.
    if (value.includes('\u0000')) return undefined;
    if (by === 'id' && isToken) {
      const row = await findTokenWithRelated(reads.tokens, requestRows, model, value);
      // A used code sent again once expired, as its app would send it: the family goes, as it does
      // within its minute, while the row is kept (expired-code-replay.ts).
      const payload = toPayload(row);
      const replayed =
        model === 'AuthorizationCode' && row && !payload && expiredCodeReplayed(row, Provider.ctx);
      if (replayed) await revokeTwice(db, REVOKE_GRANT, replayed);
      return payload;
    }
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
    const payload = toPayload(rows[0], model === 'DeviceCode');
    return payload && consent ? { ...payload, jti: value } : payload;
  };
  const kept = (id: string) => requestRows.take<StoredRow>(rowKey(model, id));
  const dropKept = (id: string) => requestRows.drop(rowKey(model, id));

  return {
    async upsert(id, payload, requestedTtl) {
      dropKept(id);
      const expiresIn =
        model === 'ReplayDetection'
          ? Math.max(requestedTtl ?? 0, REPLAY_RECORD_MIN_S)
          : model === 'PushedAuthorizationRequest' && requestedTtl
            ? requestedTtl + PUSHED_REQUEST_KEPT_S
            : requestedTtl;
      let stored: Record<string, unknown> = { ...payload };
      if (secret) delete stored.jti;
      // What a request sent (state, nonce, a hint) is kept first in these models' payloads: text
      // PostgreSQL cannot store is the request's fault, said as one (never a 500). Codes, tokens
      // and grants are made from what these kept, so their writes (the hot path) skip the scan.
      if (REQUEST_MODELS.has(model) && unstorableText(stored))
        throw new errors.InvalidRequest('a parameter holds a NUL or a broken surrogate');
      let uid = payload.uid ?? null;
      if (model === 'DeviceCode') ({ payload: stored, uid } = deviceCodes.seal(id, stored));
      // A session is bound to the browser's Omnia session once it has an account of that session's.
      const { browserSession } = requestRows.hints();
      const bindable =
        BROWSER_BOUND_MODELS.has(model) &&
        browserSession !== undefined &&
        (model === 'Interaction' || payload.accountId === browserSession.userId);
      const boundTo = bindable ? browserSession.sessionId : null;
      // A save that only slides the session's expiry a little is not written (session-saves.ts).
      if (model === 'Session' && onlySlidesExpiry(requestRows, id, payload, boundTo)) return;
      // A code (authorization or device) starts a family of its own, named after the consent grant
      // (write-statements.ts): a replay or a lost race revokes that authorization's tokens only.
      if (CODE_MODELS.has(model) && typeof payload.grantId === 'string')
        stored.grantId = familyIdFor(payload.grantId);
      const params: UpsertParams = [
        model,
        key(id),
        JSON.stringify(stored),
        typeof stored.grantId === 'string' ? stored.grantId : null,
        uid,
        payload.accountId ?? null,
        payload.clientId ?? null,
        expiresIn ? new Date(Date.now() + Math.min(expiresIn, LONGEST_TTL_S) * 1000) : null,
        boundTo,
      ];
      // A signed-in engine session is ended with the Omnia session it is bound to, which a sign-out
      // finds by that link (engine-sessions-repo.ts): one no live Omnia session of its account
      // holds would outlive every sign-out. Refused, and what it issued never leaves this request.
      if (model === 'Session' && payload.accountId) {
        if (!bindable || !(await writes.signedIn(params)))
          throw new errors.LoginRequired(`the browser is not signed in to ${PRODUCT_NAME} as this account`);
        return;
      }
      const consumed = ISSUED_MODELS.has(model) ? requestRows.hints().consumed : undefined;
      if (!consumed) return writes(params);
      // Issued for a code or refresh token this request consumed: only while that row is there.
      const successor = model === 'RefreshToken' ? refreshRetries.sealedSuccessor(id) : undefined;
      if (!(await writes.issued(params, consumed, successor)))
        throw new errors.InvalidGrant('grant request is invalid');
    },
    async find(id) {
      // Seen for the first time: recorded now, in one statement, so a copy racing it is a replay.
      if (model === 'ReplayDetection') {
        const { rows } = await db.executeQuery(CompiledQuery.raw(FIRST_SIGHT, [id]));
        return rows.length > 0 ? undefined : { jti: id };
      }
      const row = kept(id);
      if (row !== undefined) return toPayload(row);
      const payload = await load('id', key(id));
      if (payload && model === 'DeviceCode') return deviceCodes.open(payload, id);
      // A pushed prompt=none from a browser signed in to Omnia: handed over without it, and the
      // request answered as a silent one (engine.ts, silent-authorization.ts).
      if (payload && model === 'PushedAuthorizationRequest' && requestRows.hints().pushedMaySilence) {
        const silenced = pushedWithoutPromptNone(payload);
        if (silenced) {
          requestRows.hints().silent = true;
          return { ...silenced, jti: id };
        }
      }
      // Rotated moments ago: the engine sees it unused, and the rotation decides (retry or reuse).
      if (model === 'RefreshToken' && payload?.consumed && refreshRetries.mayRetry(id, payload.consumed))
        delete payload.consumed;
      return payload && secret ? { ...payload, jti: id } : payload;
    },
    async findByUid(uid) {
      // Only Session is looked up by uid here; its id is not hashed.
      return load('uid', uid);
    },
    async findByUserCode(userCode) {
      if (model !== 'DeviceCode') return undefined;
      const payload = await load('uid', deviceCodes.lookupKey(userCode));
      return payload && deviceCodes.open(payload);
    },
    async consume(id) {
      dropKept(id);
      const stored = key(id);
      if (model === 'RefreshToken' && refreshRetries.consumedHere(stored)) return;
      const { rows } = await db.executeQuery(CompiledQuery.raw(CONSUME, [model, stored]));
      // A pushed request used by another authorization between the engine's read and this update.
      if (model === 'PushedAuthorizationRequest' && rows.length === 0)
        throw new errors.InvalidRequestUri('request_uri is invalid, expired, or was already used');
      const label = ENGINE_SINGLE_USE_ERRORS[model];
      if (label === undefined) return;
      if (rows.length > 0) {
        requestRows.hints().consumed = { model, id: stored };
        return;
      }
      // Another request consumed it first, here or on another instance, between the engine's read
      // and this update: the same answer as a replay the engine sees itself, and the family goes.
      const { rows: found } = await db.executeQuery<{ grant_id: string | null }>(
        CompiledQuery.raw(GRANT_OF, [model, stored]),
      );
      const grantId = found[0]?.grant_id;
      if (grantId) await revokeTwice(db, REVOKE_GRANT, grantId);
      throw new errors.InvalidGrant(label);
    },
    async destroy(id) {
      dropKept(id);
      if (model === 'Grant') {
        await db.executeQuery(CompiledQuery.raw(DESTROY_GRANT, [id]));
        return;
      }
      await db.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', key(id)).execute();
    },
    async revokeByGrantId(grantId) {
      requestRows.drop(rowKey('Grant', grantId));
      await revokeTwice(db, REVOKE_BY_GRANT, grantId);
    },
  };
}

/**
 * Deletes expired engine rows (codes, tokens, sessions, interactions, grants), then the grants cut
 * for one authorization code that nothing refers to any more (the code expired unused, or every
 * token of the family is gone); returns the count.
 */
export async function purgeExpiredModels(db: Db): Promise<number> {
  // An engine session that ran out stays while the Omnia session it is bound to is live: a sign-out
  // ending that one finds it, and ends the apps' tokens issued through it (engine-sessions-repo.ts).
  const result = await db
    .deleteFrom('oidc_models as m')
    .where('m.expires_at', '<=', new Date())
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('m.model', '<>', 'Session'),
        eb('m.omnia_session_id', 'is', null),
        not(
          exists(
            selectFrom('sessions as s')
              .select('s.id')
              .whereRef('s.id', '=', 'm.omnia_session_id')
              .where('s.revoked_at', 'is', null)
              .where('s.expires_at', '>', new Date()),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
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
