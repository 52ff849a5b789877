import type { ClientSecurity } from './client-security';
import type { AppType, ClientStatus, OAuthAction } from './constants';
import type { DeliveryProgress } from './delivery';

// What the Developer API (DEVELOPER_API, developer.ts) answers: an app as its managers see it, its
// history, logout deliveries, recent refusals, secrets and usage.

export interface OAuthClient {
  id: string;
  /** Its kind: a web app has a secret; a single-page or native app has none (a public client). */
  app_type: AppType;
  name: string;
  description: string | null;
  logo_url: string | null;
  client_id: string;
  redirect_uris: string[];
  allowed_scopes: string[];
  /** The authorization code needs PKCE (S256); true unless the owner turned it off. */
  require_pkce: boolean;
  /** Where the app may send the user after RP-initiated logout; may be empty. */
  post_logout_redirect_uris: string[];
  /** Its users must have and use a second factor to sign in to it (off by default). */
  require_two_step: boolean;
  /** Where Omnia POSTs a logout token when a sign-in to the app ends (web applications); null: none. */
  backchannel_logout_uri: string | null;
  /** PAR, DPoP, private_key_jwt and the FAPI 2.0 profile (client-security.ts). */
  security: ClientSecurity;
  /** Until when the secret replaced by the last rotation still works; null when none does. */
  previous_secret_expires_at: string | null;
  homepage_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
  status: ClientStatus;
  created_at: string;
  updated_at: string;
  /** What waits for the operator's review (an approved app's new name, description, logo or URIs), or null. */
  pending_change: PendingClientChange | null;
}
/** The waiting fields of an approved app's change, as requested; the app uses its reviewed values meanwhile. */
export interface PendingClientChange {
  name?: string;
  /** A new description (a removed one applies at once: null never waits). */
  description?: string | null;
  logo_url?: string | null;
  redirect_uris?: string[];
  post_logout_redirect_uris?: string[];
  homepage_url?: string | null;
  privacy_url?: string | null;
  terms_url?: string | null;
  requested_at: string;
}
/** One change in an app's history. */
export interface ClientChange {
  fields: string[];
  /** applied at once; pending review; approved or rejected by the operator; superseded by a newer request. */
  state: 'applied' | 'pending' | 'approved' | 'rejected' | 'superseded';
  created_at: string;
  decided_at: string | null;
}
export interface ClientHistoryResponse {
  changes: ClientChange[];
}
export interface LogoResponse {
  logo_url: string;
}
export interface ClientListResponse {
  clients: OAuthClient[];
}
export interface ClientResponse {
  client: OAuthClient;
}
export interface NewestClientResponse {
  client_id: string | null;
}
/** One logout token sent (or being sent) to an app's back-channel logout URI. */
export interface LogoutDelivery extends DeliveryProgress {
  at: string;
  /** What ended the sign-in. */
  reason: 'session_ended' | 'rp_logout' | 'app_revoked' | 'account_deleted';
  /** Whether the token named the session (`sid`) as well as the person (`sub`). */
  with_sid: boolean;
}
export interface LogoutDeliveriesResponse {
  deliveries: LogoutDelivery[];
}
/** How many of an app's refusals its page lists, and for how long they are kept. */
export const CLIENT_ERRORS_SHOWN = 20;
export const CLIENT_ERRORS_KEPT_DAYS = 7;
/** One refusal of an app's request: when, at which endpoint, the OAuth error and its description. */
export interface ClientError {
  at: string;
  /** The engine's name of the endpoint: authorization, token, userinfo, introspection, revocation, … */
  endpoint: string;
  error: string;
  description: string | null;
}
export interface ClientErrorsResponse {
  errors: ClientError[];
}
/** The replaced secret while it still works, and when an app last authenticated with it. */
export interface PreviousSecretResponse {
  expires_at: string;
  last_used_at: string | null;
}
export interface SecretResponse {
  client_secret: string;
}
export interface RotateResponse {
  client_secret: string;
  updated_at: string;
  /** Until when the replaced secret still works; null when it stopped at once. */
  previous_secret_expires_at: string | null;
}
export interface ClientStats {
  total: number;
  today: number;
  last7Days: number;
  last30Days: number;
  byAction: Partial<Record<OAuthAction, number>>;
  /** The last 30 UTC days, oldest first, today last: events and unique users of each. */
  daily: { date: string; events: number; users: number }[];
  /** Unique users over those 30 days (someone active on several days counts once). */
  users30Days: number;
  created_at: string;
  updated_at: string;
}
