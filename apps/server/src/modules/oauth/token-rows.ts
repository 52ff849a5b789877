import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect';
import type { AccountRow } from './account-claims';
import type { ClientRow } from './client-store';
import type { StoredRow } from './model-store';
import { type RequestRows, rowKey } from './request-rows';

/** The tokens the engine follows to their grant, client and account in the same request. */
export const TOKEN_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);

// The account id is only cast when it is a UUID, so a foreign id finds nobody instead of failing.
const FIND_TOKEN_WITH_RELATED = `select t.payload, t.consumed_at, t.expires_at,
    t.grant_id, t.client_id, t.account_id,
    g.id as g_id, g.payload as g_payload, g.consumed_at as g_consumed_at, g.expires_at as g_expires_at,
    c.client_id as c_client_id, c.client_secret as c_client_secret, c.redirect_uris as c_redirect_uris,
    c.allowed_scopes as c_allowed_scopes, c.name as c_name, c.status as c_status,
    u.id as u_id, u.email as u_email, u.email_confirmed_at as u_email_confirmed_at,
    p.full_name as u_full_name, p.username as u_username, p.avatar_url as u_avatar_url
  from oidc_models t
  left join oidc_models g on g.model = 'Grant' and g.id = t.grant_id
  left join oauth2_clients c on c.client_id = t.client_id
  left join users u on u.id = case
    when t.account_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then t.account_id::uuid end
  left join profiles p on p.id = u.id
  where t.model = $1 and t.id = $2`;

interface TokenRow extends StoredRow {
  grant_id: string | null;
  client_id: string | null;
  account_id: string | null;
  g_id: string | null;
  g_payload: StoredRow['payload'] | null;
  g_consumed_at: StoredRow['consumed_at'];
  g_expires_at: StoredRow['expires_at'];
  c_client_id: string | null;
  c_client_secret: string;
  c_redirect_uris: string[];
  c_allowed_scopes: string[];
  c_name: string;
  c_status: string;
  u_id: string | null;
  u_email: string;
  u_email_confirmed_at: AccountRow['email_confirmed_at'];
  u_full_name: string | null;
  u_username: string | null;
  u_avatar_url: string | null;
}

/**
 * Reads a token (by its stored, hashed id) and, in the same statement, its grant, client and
 * account, which are kept for the rest of the request (request-rows.ts); null is kept for one
 * that is not there, so the engine's next lookup answers "not found" without a round trip.
 */
export async function findTokenWithRelated(
  db: Db,
  requestRows: RequestRows,
  model: string,
  storedId: string,
): Promise<StoredRow | undefined> {
  const { rows } = await db.executeQuery<TokenRow>(
    CompiledQuery.raw(FIND_TOKEN_WITH_RELATED, [model, storedId]),
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.grant_id) {
    const grant: StoredRow | null = row.g_id
      ? { payload: row.g_payload ?? {}, consumed_at: row.g_consumed_at, expires_at: row.g_expires_at }
      : null;
    requestRows.keep(rowKey('Grant', row.grant_id), grant);
  }
  if (row.client_id) {
    const client: ClientRow | null = row.c_client_id
      ? {
          client_id: row.c_client_id,
          client_secret: row.c_client_secret,
          redirect_uris: row.c_redirect_uris,
          allowed_scopes: row.c_allowed_scopes,
          name: row.c_name,
          status: row.c_status,
        }
      : null;
    requestRows.keep(rowKey('Client', row.client_id), client);
  }
  if (row.account_id) {
    const account: AccountRow | null = row.u_id
      ? {
          id: row.u_id,
          email: row.u_email,
          email_confirmed_at: row.u_email_confirmed_at,
          full_name: row.u_full_name,
          username: row.u_username,
          avatar_url: row.u_avatar_url,
        }
      : null;
    requestRows.keep(rowKey('Account', row.account_id), account);
  }
  return { payload: row.payload, consumed_at: row.consumed_at, expires_at: row.expires_at };
}
