import { namedStatement } from '../../../db/named-statements';
import type { AccountRow, ClientRow, RelatedRow, SessionRow, SessionWithRelatedRow, TokenRow } from './types';

/*
 * The engine's reads (its writes: write-statements.ts; a retried refresh's own: refresh-retries.ts),
 * each written out whole and named once (db/named-statements.ts: a prepared statement per
 * connection on PostgreSQL): on the hot OAuth paths the Node process is the bottleneck, and building and compiling a Kysely query costs more than
 * sending it (docs/performance.md). Each statement names its columns, so a migration that adds
 * a column does not invalidate it. The column list beside each joined read is what
 * statements.test.ts holds its row type and its SQL to.
 *
 * The joined reads also read other modules' tables (oauth2_clients, users, profiles, sessions),
 * read-only, in the same statement: one round trip per engine request instead of four.
 */

// ---- oidc_models: every model but Client ----

export const FIND_BY_ID = namedStatement(
  'oauth_find_model',
  'select payload, consumed_at, expires_at from oidc_models where model = $1 and id = $2',
);
export const FIND_BY_UID = namedStatement(
  'oauth_find_model_by_uid',
  'select payload, consumed_at, expires_at from oidc_models where model = $1 and uid = $2 limit 1',
);
export const STORED_ROW_COLUMNS = ['payload', 'consumed_at', 'expires_at'] as const;
/** The grant (or family) a stored code or token belongs to. */
export const GRANT_OF = namedStatement(
  'oauth_grant_of',
  'select grant_id from oidc_models where model = $1 and id = $2',
);

// ---- joined reads ----

/** The columns of a grant (g), client (c) and account (u, p) read with a row: see RelatedRow. */
const RELATED_COLUMNS = [
  'grant_id',
  'client_id',
  'account_id',
  'g_id',
  'g_payload',
  'g_consumed_at',
  'g_expires_at',
  'c_client_id',
  'c_client_secret',
  'c_redirect_uris',
  'c_allowed_scopes',
  'c_name',
  'c_status',
  'c_user_id',
  'c_require_pkce',
  'c_post_logout_redirect_uris',
  'c_require_two_step',
  'c_app_type',
  'c_backchannel_logout_uri',
  'c_security',
  'u_id',
  'u_email',
  'u_email_confirmed_at',
  'u_full_name',
  'u_username',
  'u_avatar_url',
] as const satisfies readonly (keyof RelatedRow)[];

/*
 * A token (by its stored, hashed id) with its grant, client and account. It looks in every token
 * model at once, so the engine's parallel lookups of one presented token (introspection,
 * revocation) share it. The account id is only cast when it is a UUID, so a foreign id finds
 * nobody instead of failing the statement.
 */
export const FIND_TOKENS_WITH_RELATED = namedStatement(
  'oauth_find_tokens',
  `select t.id, t.model, t.payload, t.consumed_at, t.expires_at, t.grant_id, t.client_id, t.account_id,
    g.id as g_id, g.payload as g_payload, g.consumed_at as g_consumed_at, g.expires_at as g_expires_at,
    c.client_id as c_client_id, c.client_secret as c_client_secret, c.redirect_uris as c_redirect_uris,
    c.allowed_scopes as c_allowed_scopes, c.name as c_name, c.status as c_status, c.user_id as c_user_id,
    c.require_pkce as c_require_pkce, c.post_logout_redirect_uris as c_post_logout_redirect_uris,
    c.require_two_step as c_require_two_step, c.app_type as c_app_type,
    c.backchannel_logout_uri as c_backchannel_logout_uri, c.security as c_security,
    u.id as u_id, u.email as u_email, u.email_confirmed_at as u_email_confirmed_at,
    p.full_name as u_full_name, p.username as u_username, p.avatar_url as u_avatar_url
  from oidc_models t
  left join oidc_models g on g.model = 'Grant' and g.id = coalesce(t.family_of, t.grant_id)
  left join oauth2_clients c on c.client_id = t.client_id
  left join users u on u.id = case
    when t.account_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then t.account_id::uuid end
  left join profiles p on p.id = u.id
  where t.model = any($1::text[]) and t.id = any($2::text[])`,
);
export const TOKEN_ROW_COLUMNS = [
  'id',
  'model',
  ...STORED_ROW_COLUMNS,
  ...RELATED_COLUMNS,
] as const satisfies readonly (keyof TokenRow)[];

/*
 * The engine's login session is only ever used for the account of the live Omnia session this
 * browser holds (named by its browser-session cookie, crypto/browser-session.ts): an engine
 * session with an account is usable only when that Omnia session (os) is live and is the same
 * account's. Anything else reads as "no session", so the engine asks again (our consent screen
 * signs in whoever holds the Omnia session). Checked on every read, on every instance.
 */
export const FIND_SESSION = namedStatement(
  'oauth_find_session_bound',
  `select s.payload, s.consumed_at, s.expires_at,
    (s.account_id is null or os.user_id::text = s.account_id) as s_usable,
    s.omnia_session_id::text as s_bound_to
  from oidc_models s
  left join sessions os on os.id = $2::uuid and os.revoked_at is null and os.expires_at > now()
  where s.model = 'Session' and s.id = $1`,
);
export const SESSION_ROW_COLUMNS = [
  ...STORED_ROW_COLUMNS,
  's_usable',
  's_bound_to',
] as const satisfies readonly (keyof SessionRow)[];

/*
 * An authorization request reads the browser's session, then the client it names, the session's
 * account and the grant the session holds for that client: one statement here. The client is
 * read even without a session (a first visit still needs it).
 */
export const FIND_SESSIONS_WITH_RELATED = namedStatement(
  'oauth_find_sessions',
  `select k.n::int as k_n, s.id as s_id, s.payload, s.consumed_at, s.expires_at,
    (s.account_id is null or os.user_id::text = s.account_id) as s_usable,
    s.omnia_session_id::text as s_bound_to,
    s.payload->'authorizations'->k.client_id->>'grantId' as grant_id, k.client_id, s.account_id,
    g.id as g_id, g.payload as g_payload, g.consumed_at as g_consumed_at, g.expires_at as g_expires_at,
    c.client_id as c_client_id, c.client_secret as c_client_secret, c.redirect_uris as c_redirect_uris,
    c.allowed_scopes as c_allowed_scopes, c.name as c_name, c.status as c_status, c.user_id as c_user_id,
    c.require_pkce as c_require_pkce, c.post_logout_redirect_uris as c_post_logout_redirect_uris,
    c.require_two_step as c_require_two_step, c.app_type as c_app_type,
    c.backchannel_logout_uri as c_backchannel_logout_uri, c.security as c_security,
    u.id as u_id, u.email as u_email, u.email_confirmed_at as u_email_confirmed_at,
    p.full_name as u_full_name, p.username as u_username, p.avatar_url as u_avatar_url
  from unnest($1::text[], $2::text[], $3::uuid[]) with ordinality as k(session_id, client_id, browser_session_id, n)
  left join oidc_models s on s.model = 'Session' and s.id = k.session_id
  left join sessions os on os.id = k.browser_session_id and os.revoked_at is null and os.expires_at > now()
  left join oidc_models g on g.model = 'Grant' and g.id = s.payload->'authorizations'->k.client_id->>'grantId'
  left join oauth2_clients c on c.client_id = k.client_id
  left join users u on u.id = case
    when s.account_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then s.account_id::uuid end
  left join profiles p on p.id = u.id`,
);
export const SESSION_WITH_RELATED_ROW_COLUMNS = [
  'k_n',
  's_id',
  ...SESSION_ROW_COLUMNS,
  ...RELATED_COLUMNS,
] as const satisfies readonly (keyof SessionWithRelatedRow)[];

// ---- single reads of other rows the engine needs ----

export const FIND_CLIENT = namedStatement(
  'oauth_find_client',
  `select client_id, client_secret, redirect_uris, allowed_scopes, name, status, user_id, require_pkce,
    post_logout_redirect_uris, require_two_step, app_type, backchannel_logout_uri, security
  from oauth2_clients where client_id = $1`,
);
export const CLIENT_ROW_COLUMNS = [
  'client_id',
  'client_secret',
  'redirect_uris',
  'allowed_scopes',
  'name',
  'status',
  'user_id',
  'require_pkce',
  'post_logout_redirect_uris',
  'require_two_step',
  'app_type',
  'backchannel_logout_uri',
  'security',
] as const satisfies readonly (keyof ClientRow)[];

export const FIND_ACCOUNT = namedStatement(
  'oauth_find_account',
  `select u.id, u.email, u.email_confirmed_at, p.full_name, p.username, p.avatar_url
  from users u left join profiles p on p.id = u.id where u.id = $1`,
);
export const ACCOUNT_ROW_COLUMNS = [
  'id',
  'email',
  'email_confirmed_at',
  'full_name',
  'username',
  'avatar_url',
] as const satisfies readonly (keyof AccountRow)[];
