import type { AdapterPayload } from 'oidc-provider';
import type { AccountRow, ClientRow, RelatedRow, StoredRow } from './types';

/* How the engine's rows read back: the payload the engine expects, and the rows a joined read names. */

/**
 * A stored row as the engine sees it: nothing once expired (unless the engine tells expiry apart
 * itself, as for a device code: `expired_token`, RFC 8628 §3.5), `consumed` from its column.
 */
export function toPayload(
  row: StoredRow | null | undefined,
  keepExpired = false,
): AdapterPayload | undefined {
  if (!row) return undefined;
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
  if (!keepExpired && expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
  const payload = { ...row.payload } as AdapterPayload;
  if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
  return payload;
}

/** The stored part of a joined row. */
export const storedOf = (row: StoredRow): StoredRow => ({
  payload: row.payload,
  consumed_at: row.consumed_at,
  expires_at: row.expires_at,
});

/**
 * The grant, client and account a joined row names, each as its own row (null: named but not
 * there); one that is not named is left out.
 */
export function relatedOf(row: RelatedRow): {
  grant?: StoredRow | null;
  client?: ClientRow | null;
  account?: AccountRow | null;
} {
  const related: ReturnType<typeof relatedOf> = {};
  if (row.grant_id) {
    // A family's grant is its consent grant's (g_id), under the family's id (grant_id).
    const payload =
      row.g_id === row.grant_id ? (row.g_payload ?? {}) : { ...row.g_payload, jti: row.grant_id };
    related.grant = row.g_id
      ? { payload, consumed_at: row.g_consumed_at, expires_at: row.g_expires_at }
      : null;
  }
  if (row.client_id) {
    related.client = row.c_client_id
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
          require_two_step: row.c_require_two_step,
          app_type: row.c_app_type,
          backchannel_logout_uri: row.c_backchannel_logout_uri,
          security: row.c_security,
        }
      : null;
  }
  if (row.account_id) {
    related.account = row.u_id
      ? {
          id: row.u_id,
          email: row.u_email,
          email_confirmed_at: row.u_email_confirmed_at,
          full_name: row.u_full_name,
          username: row.u_username,
          avatar_url: row.u_avatar_url,
        }
      : null;
  }
  return related;
}
