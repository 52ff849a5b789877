import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { preparedSql } from '../../db/prepared';
import { type RequestRows, rowKey } from './request-rows';
import { findBoundSession, findSessionWithRelated } from './session-rows';
import { findTokenWithRelated, TOKEN_MODELS } from './token-rows';

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

/*
 * The statements of every engine request, written once rather than built per call: on the hot
 * OAuth paths the Node process is the bottleneck, and building and compiling a Kysely query
 * costs more than sending it (docs/performance.md).
 */
const FIND_BY_ID = preparedSql(
  'oauth_find_model',
  'select payload, consumed_at, expires_at from oidc_models where model = $1 and id = $2',
);
const FIND_BY_UID = preparedSql(
  'oauth_find_model_by_uid',
  'select payload, consumed_at, expires_at from oidc_models where model = $1 and uid = $2 limit 1',
);
const UPSERT = preparedSql(
  'oauth_upsert_model',
  `insert into oidc_models (model, id, payload, grant_id, uid, account_id, client_id, expires_at,
    omnia_session_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
    uid = excluded.uid, account_id = excluded.account_id, client_id = excluded.client_id,
    expires_at = excluded.expires_at, omnia_session_id = excluded.omnia_session_id`,
);
/*
 * Single use is this one statement: of two requests presenting the same code or refresh token
 * (on any instance), exactly one sees a row.
 */
const CONSUME = preparedSql(
  'oauth_consume_model',
  'update oidc_models set consumed_at = $3 where model = $1 and id = $2 and consumed_at is null returning 1 as won',
);
/** A code or refresh token presented twice: everything of its grant goes (RFC 6749 §4.1.2, RFC 9700 §4.14). */
const REVOKE_FAMILY = preparedSql(
  'oauth_revoke_family',
  `with family as (
    select grant_id from oidc_models where model = $1 and id = $2 and grant_id is not null
  )
  delete from oidc_models where grant_id in (select grant_id from family)
    or (model = 'Grant' and id in (select grant_id from family))`,
);

/*
 * An authorization code starts a refresh-token family of its own: the code is stored with a new
 * grant cut from the one that records the consent (family_of), in the same statement. A reuse
 * revokes that family only, not the app's tokens on every device (docs/security.md).
 */
const INSERT_CODE_IN_FAMILY = preparedSql(
  'oauth_insert_code_in_family',
  `with family as (
    insert into oidc_models (model, id, payload, account_id, client_id, expires_at, family_of)
    select 'Grant', $9::text, jsonb_set(g.payload, '{jti}', to_jsonb($9::text)), g.account_id, g.client_id,
      g.expires_at, g.id
    from oidc_models g where g.model = 'Grant' and g.id = $4::text and g.family_of is null
    returning id
  )
  insert into oidc_models (model, id, payload, grant_id, uid, account_id, client_id, expires_at)
  select $1, $2, jsonb_set($3::jsonb, '{grantId}', to_jsonb(f.grant_id)), f.grant_id, $5, $6, $7, $8
  from (select coalesce((select id from family), $4::text) as grant_id) f`,
);
/** Revoking a consent grant revokes every family cut from it. */
const REVOKE_BY_GRANT = preparedSql(
  'oauth_revoke_by_grant',
  `delete from oidc_models where grant_id = $1
    or grant_id in (select id from oidc_models where model = 'Grant' and family_of = $1)`,
);
const DESTROY_GRANT = preparedSql(
  'oauth_destroy_grant',
  `delete from oidc_models where model = 'Grant' and (id = $1 or family_of = $1)`,
);

/** The models a browser's Omnia session owns: ending that session ends them (engine-sessions.ts). */
const BROWSER_BOUND_MODELS = new Set(['Session', 'Interaction']);
const CONSUMED_LABEL: Record<string, string> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

export interface StoredRow {
  payload: Record<string, unknown>;
  consumed_at: Date | string | null;
  expires_at: Date | string | null;
}

/** A stored row as the engine sees it: nothing once expired, `consumed` from its column. */
export function toPayload(row: StoredRow | null | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
  const payload = { ...row.payload } as AdapterPayload;
  if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
  return payload;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * oidc-provider's store for every model except Client, on one table (model, id, payload). Codes
 * and tokens are keyed by a SHA-256 of their value and kept without their `jti`, so a copy of
 * the table yields no usable credential.
 */
export function createModelStore(db: Db, model: string, requestRows: RequestRows): Adapter {
  const secret = CREDENTIAL_MODELS.has(model);
  const key = (id: string) => (secret ? sha256(id) : id);
  // A token is read with its grant, client and account, and an authorization request's session
  // with its client, account and grant (request-rows.ts); a grant may have been kept.
  const isToken = TOKEN_MODELS.has(model);

  const load = async (by: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> => {
    if (by === 'id' && isToken) return toPayload(await findTokenWithRelated(db, requestRows, model, value));
    const { clientId, browserSession } = requestRows.hints();
    if (by === 'id' && model === 'Session') {
      const bound = browserSession?.sessionId ?? null;
      return toPayload(
        clientId
          ? await findSessionWithRelated(db, requestRows, value, clientId, bound)
          : await findBoundSession(db, value, bound),
      );
    }
    const { rows } = await db.executeQuery<StoredRow>(
      CompiledQuery.raw(by === 'id' ? FIND_BY_ID : FIND_BY_UID, [model, value]),
    );
    return toPayload(rows[0]);
  };
  const kept = (id: string) => requestRows.take<StoredRow>(rowKey(model, id));
  const dropKept = (id: string) => requestRows.drop(rowKey(model, id));

  return {
    async upsert(id, payload, expiresIn) {
      dropKept(id);
      const stored: Record<string, unknown> = { ...payload };
      if (secret) delete stored.jti;
      // A session is bound to the browser's Omnia session once it has an account of that session's.
      const { browserSession } = requestRows.hints();
      const bindable =
        BROWSER_BOUND_MODELS.has(model) &&
        browserSession !== undefined &&
        (model === 'Interaction' || payload.accountId === browserSession.userId);
      if (model === 'AuthorizationCode' && typeof payload.grantId === 'string') {
        await db.executeQuery(
          CompiledQuery.raw(INSERT_CODE_IN_FAMILY, [
            model,
            key(id),
            JSON.stringify(stored),
            payload.grantId,
            null,
            payload.accountId ?? null,
            payload.clientId ?? null,
            expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
            randomBytes(16).toString('base64url'),
          ]),
        );
        return;
      }
      await db.executeQuery(
        CompiledQuery.raw(UPSERT, [
          model,
          key(id),
          JSON.stringify(stored),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.accountId ?? null,
          payload.clientId ?? null,
          expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
          bindable ? browserSession.sessionId : null,
        ]),
      );
    },
    async find(id) {
      const row = kept(id);
      if (row !== undefined) return toPayload(row);
      const payload = await load('id', key(id));
      return payload && secret ? { ...payload, jti: id } : payload;
    },
    async findByUid(uid) {
      // Only Session is looked up by uid; its id is not hashed.
      return load('uid', uid);
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      dropKept(id);
      const { rows } = await db.executeQuery(CompiledQuery.raw(CONSUME, [model, key(id), new Date()]));
      if (rows.length) return;
      // Another request consumed it first: a replay, or a race that is treated as one.
      await db.executeQuery(CompiledQuery.raw(REVOKE_FAMILY, [model, key(id)]));
      throw new errors.InvalidGrant(CONSUMED_LABEL[model] ?? 'grant request is invalid');
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
