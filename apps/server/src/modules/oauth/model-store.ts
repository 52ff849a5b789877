import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/connect';

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

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * oidc-provider's store for every model except Client, on one table (model, id, payload). Codes
 * and tokens are keyed by a SHA-256 of their value and kept without their `jti`, so a copy of
 * the table yields no usable credential.
 */
export function createModelStore(db: Db, model: string): Adapter {
  const secret = CREDENTIAL_MODELS.has(model);
  const key = (id: string) => (secret ? sha256(id) : id);

  const load = async (where: { id?: string; uid?: string }): Promise<AdapterPayload | undefined> => {
    let q = db
      .selectFrom('oidc_models')
      .select(['id', 'payload', 'consumed_at', 'expires_at'])
      .where('model', '=', model);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    if (where.uid !== undefined) q = q.where('uid', '=', where.uid);
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) return undefined;
    const payload = { ...row.payload } as AdapterPayload;
    if (row.consumed_at) payload.consumed = Math.floor(row.consumed_at.getTime() / 1000);
    return payload;
  };

  return {
    async upsert(id, payload, expiresIn) {
      const stored: Record<string, unknown> = { ...payload };
      if (secret) delete stored.jti;
      const row = {
        model,
        id: key(id),
        payload: JSON.stringify(stored),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        account_id: payload.accountId ?? null,
        client_id: payload.clientId ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_models')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            uid: row.uid,
            account_id: row.account_id,
            client_id: row.client_id,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    },
    async find(id) {
      const payload = await load({ id: key(id) });
      return payload && secret ? { ...payload, jti: id } : payload;
    },
    async findByUid(uid) {
      // Only Session is looked up by uid; its id is not hashed.
      return load({ uid });
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      await db
        .updateTable('oidc_models')
        .set({ consumed_at: new Date() })
        .where('model', '=', model)
        .where('id', '=', key(id))
        .execute();
    },
    async destroy(id) {
      await db.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', key(id)).execute();
    },
    async revokeByGrantId(grantId) {
      await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
    },
  };
}

/** Deletes expired engine rows (codes, tokens, sessions, interactions, grants); returns the count. */
export async function purgeExpiredModels(db: Db): Promise<number> {
  const result = await db.deleteFrom('oidc_models').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
