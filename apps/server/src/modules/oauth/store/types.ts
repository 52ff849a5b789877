import type { ClientSecurity } from '@omnia/contracts/client-security';
import type { AppType } from '@omnia/contracts/constants';
import type { BrowserSession } from '../../../crypto/browser-session';

/*
 * The rows the engine adapter reads, and the per-request row cache's contract. Every joined row
 * type here has its column list beside its statement (statements.ts); statements.test.ts fails
 * when the two drift apart.
 */

/** An oidc_models row as the engine's models are stored. */
export interface StoredRow {
  payload: Record<string, unknown>;
  consumed_at: Date | string | null;
  expires_at: Date | string | null;
}

/** An oauth2_clients row as the engine reads it. */
export interface ClientRow {
  client_id: string;
  /** Sealed; null for a public client (a single-page or native app). */
  client_secret: string | null;
  redirect_uris: string[];
  allowed_scopes: string[];
  name: string;
  status: string;
  /** The developer who registered it (a pending client is theirs alone to authorize). */
  user_id: string;
  require_pkce: boolean;
  post_logout_redirect_uris: string[];
  require_two_step: boolean;
  app_type: AppType;
  /** Where logout tokens go (web applications; Back-Channel Logout 1.0), or null. */
  backchannel_logout_uri: string | null;
  /** PAR, DPoP, private_key_jwt, FAPI 2.0 as stored ({}: the defaults; contracts' client-security.ts). */
  security: Partial<ClientSecurity>;
}

/** A user with the profile fields the engine's claims need. */
export interface AccountRow {
  id: string;
  email: string;
  email_confirmed_at: Date | string | null;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
}

/**
 * The grant (g_), client (c_) and account (u_) read with a token or a session, and the ids it
 * names (null: none named). A named row that is not there reads as nulls.
 */
export interface RelatedRow {
  grant_id: string | null;
  client_id: string | null;
  account_id: string | null;
  g_id: string | null;
  g_payload: StoredRow['payload'] | null;
  g_consumed_at: StoredRow['consumed_at'];
  g_expires_at: StoredRow['expires_at'];
  c_client_id: string | null;
  c_client_secret: string | null;
  c_redirect_uris: string[];
  c_allowed_scopes: string[];
  c_name: string;
  c_status: string;
  c_user_id: string;
  c_require_pkce: boolean;
  c_post_logout_redirect_uris: string[];
  c_require_two_step: boolean;
  c_app_type: AppType;
  c_backchannel_logout_uri: string | null;
  c_security: Partial<ClientSecurity>;
  u_id: string | null;
  u_email: string;
  u_email_confirmed_at: AccountRow['email_confirmed_at'];
  u_full_name: string | null;
  u_username: string | null;
  u_avatar_url: string | null;
}

/** A token (of any token model, by its stored id) with its grant, client and account. */
export interface TokenRow extends StoredRow, RelatedRow {
  id: string;
  model: string;
}

/** An engine session, and whether the browser's Omnia session may use it. */
export interface SessionRow extends StoredRow {
  s_usable: boolean | null;
  /** The Omnia session the engine session is bound to (its omnia_session_id), if any. */
  s_bound_to: string | null;
}

/** The same with the client an authorization request names, the account and its grant for it. */
export interface SessionWithRelatedRow extends SessionRow, RelatedRow {
  /** Which of the statement's sessions asked for (1-based), when several are read together. */
  k_n: number;
  /** Null when there is no such session (the client is read all the same). */
  s_id: string | null;
}

/** What the request says before the engine reads anything. */
export interface RequestHints {
  /** The client an authorization request names. */
  clientId?: string;
  /** The Omnia session this browser holds (its signed browser-session cookie), live or not. */
  browserSession?: BrowserSession;
  /**
   * An authorization request or its resumption, or an RP-initiated logout: where a pending client
   * exists for its owner only (nobody else is sent to its unreviewed URIs).
   */
  ownerOnlyPending?: boolean;
  /** Set during the request: a pending client was hidden from someone other than its developer. */
  hiddenPendingClient?: boolean;
  /**
   * Set during the request: the code or refresh token it consumed (model, stored id). The tokens
   * it then issues are written only while that row is still there (write-statements.ts, UPSERT_ISSUED).
   */
  consumed?: { model: string; id: string; unused?: boolean };
  /**
   * Set during a refresh (refresh-retries.ts): the token presented, and either the stored id this
   * request consumed it under or, for a retry, the successor another request issued for it.
   */
  refresh?: { presented: string; consumedHere?: string; retriedWith?: string };
  /** Set during the request: the client authenticated with its previous secret (client-store.ts). */
  previousSecretUsed?: boolean;
  /** The code of a device verification link (verification_uri_complete): our page shows it typed. */
  deviceUserCode?: string;
  /** A `prompt=none` authorization from a browser with an Omnia session (silent-authorization.ts). */
  silent?: boolean;
  /**
   * A pushed authorization request (request_uri) from a browser with a live Omnia session: if its
   * parameters ask `prompt=none`, the adapter reads it without and sets `silent`.
   */
  pushedMaySilence?: boolean;
}

/**
 * Rows read together with a token, kept for the rest of the same engine request (request-rows.ts).
 * A row is taken once: a second read goes to the database again, and a write drops it.
 */
export interface RequestRows {
  /** Runs an engine request with its own, empty set of rows. */
  run<T>(fn: () => T, hints?: RequestHints): T;
  /** The hints of the current request (none outside one). */
  hints(): RequestHints;
  /** Keeps a row (null: read and not there) under `Model:id`. */
  keep(key: string, row: unknown): void;
  /** The kept row and forgets it; undefined when nothing is kept under the key. */
  take<T>(key: string): T | null | undefined;
  /** The kept row if there is one (taken), else what `read` finds in the database. */
  takeOr<T>(key: string, read: () => Promise<T | undefined>): Promise<T | null | undefined>;
  /** Forgets a row that is about to change. */
  drop(key: string): void;
  /**
   * Concurrent reads of one key within a request share one statement (the engine looks a
   * presented token up as an access and as a refresh token at once); later reads start anew.
   */
  share<T>(key: string, read: () => Promise<T>): Promise<T>;
}
