import type { AccountRow } from './account-claims';
import type { ClientRow } from './client-store';
import type { StoredRow } from './model-store';
import { type RequestRows, rowKey } from './request-rows';

/** The select list of a row's grant (g), client (c) and account (u, p); see relatedJoins. */
export const RELATED_COLUMNS = `g.id as g_id, g.payload as g_payload, g.consumed_at as g_consumed_at,
    g.expires_at as g_expires_at,
    c.client_id as c_client_id, c.client_secret as c_client_secret, c.redirect_uris as c_redirect_uris,
    c.allowed_scopes as c_allowed_scopes, c.name as c_name, c.status as c_status, c.user_id as c_user_id,
    c.require_pkce as c_require_pkce, c.post_logout_redirect_uris as c_post_logout_redirect_uris,
    u.id as u_id, u.email as u_email, u.email_confirmed_at as u_email_confirmed_at,
    p.full_name as u_full_name, p.username as u_username, p.avatar_url as u_avatar_url`;

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Joins the grant, client and account named by three SQL expressions. The account id is only
 * cast when it is a UUID, so a foreign id finds nobody instead of failing the statement.
 */
export function relatedJoins(ids: { grantId: string; clientId: string; accountId: string }): string {
  return `left join oidc_models g on g.model = 'Grant' and g.id = ${ids.grantId}
  left join oauth2_clients c on c.client_id = ${ids.clientId}
  left join users u on u.id = case when ${ids.accountId} ~* '${UUID_PATTERN}' then (${ids.accountId})::uuid end
  left join profiles p on p.id = u.id`;
}

/** A row read with RELATED_COLUMNS, and the ids it names (select them as grant_id, client_id, account_id). */
export interface RelatedRow {
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
  c_user_id: string;
  c_require_pkce: boolean;
  c_post_logout_redirect_uris: string[];
  u_id: string | null;
  u_email: string;
  u_email_confirmed_at: AccountRow['email_confirmed_at'];
  u_full_name: string | null;
  u_username: string | null;
  u_avatar_url: string | null;
}

/**
 * Keeps the grant, client and account read with a row for the rest of the request; null for one
 * that is named but not there, so the engine's next lookup answers "not found" without a round
 * trip.
 */
export function keepRelated(requestRows: RequestRows, row: RelatedRow) {
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
          user_id: row.c_user_id,
          require_pkce: row.c_require_pkce,
          post_logout_redirect_uris: row.c_post_logout_redirect_uris,
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
}
