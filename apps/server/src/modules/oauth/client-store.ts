import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';

/** The purpose of the secret box that seals client secrets (the Developer API seals them). */
export { CLIENT_SECRET_BOX_PURPOSE as CLIENT_SECRET_PURPOSE } from '../developer/credentials';

export async function findClientRow(db: Db, clientId: string) {
  return db
    .selectFrom('oauth2_clients')
    .select(['id', 'user_id', 'name', 'description', 'logo_url', 'status', 'allowed_scopes', 'client_id'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * The engine's Client model, read from oauth2_clients. A rejected client does not exist for the
 * engine (invalid_client everywhere); a pending one exists so its owner can test it, and the
 * consent step refuses everyone else. The secret is unsealed here: the engine compares it in
 * constant time.
 */
export function createClientStore(db: Db, box: SecretBox): Adapter {
  const readOnly = async () => {
    throw new Error('clients are managed by the Developer API');
  };
  return {
    async find(clientId): Promise<AdapterPayload | undefined> {
      if (clientId.length > 200) return undefined;
      const row = await db
        .selectFrom('oauth2_clients')
        .select([
          'client_id',
          'client_secret',
          'redirect_uris',
          'allowed_scopes',
          'name',
          'logo_url',
          'status',
        ])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!row || row.status === 'rejected') return undefined;
      return {
        client_id: row.client_id,
        client_secret: box.open(row.client_secret),
        client_name: row.name,
        redirect_uris: row.redirect_uris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: ['openid', ...row.allowed_scopes].join(' '),
      };
    },
    upsert: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: async () => {},
  };
}
