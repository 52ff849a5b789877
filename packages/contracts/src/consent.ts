import { z } from 'zod';
import type { ConsentApi } from './apis';
import type { Language } from './constants';
import { codeMessage, type MessageKey } from './messages';

/*
 * The consent screen's contract and the person's Connected apps: what an authorization asks, the
 * decision, the error page's codes. Re-exported by developer.ts, where it lived first.
 */

/**
 * Consent API. The engine's interaction cookie is scoped to /oauth2/consent/:uid, so these calls
 * live under that path (the screen itself is the SPA at /oauth2/consent/:uid).
 */
export const CONSENT_API = {
  /** GET (Bearer optional) → ConsentDetails; 400 with error_description when the interaction is gone. */
  details: (uid: string) => `/oauth2/consent/${encodeURIComponent(uid)}/details`,
  /** POST consentDecisionSchema (Bearer) → ConsentDecisionResponse { redirect_to }. */
  decision: (uid: string) => `/oauth2/consent/${encodeURIComponent(uid)}/decision`,
} as const;

const scopeNames = z.array(z.string().max(200)).max(100);
const scopesInWords = z
  .array(z.object({ name: z.string().max(200), description: z.string().max(1000) }))
  .max(100);
/**
 * Allow or Deny. `shown` (required to allow): what the screen showed (its scopes, and each API's
 * scopes in the words shown): the grant is never more than that, whatever the app or an API was
 * changed to meanwhile.
 */
export const consentDecisionSchema = z.object({
  approved: z.boolean(),
  shown: z
    .object({
      scopes: scopeNames,
      apis: z.array(z.object({ identifier: z.string().max(2048), scopes: scopesInWords })).max(20),
    })
    .optional(),
});
export type ConsentDecisionInput = z.input<typeof consentDecisionSchema>;
export type ConsentShown = NonNullable<ConsentDecisionInput['shown']>;

export interface ConsentDetails {
  client: {
    name: string;
    description: string | null;
    logo_url: string | null;
    /** Who publishes it: its owner's full name (null before they set one). */
    publisher: string | null;
    homepage_url: string | null;
    privacy_url: string | null;
    terms_url: string | null;
    /** Approved by Omnia's operator; false: in testing mode, only its owner may use it. */
    verified: boolean;
  };
  /** Where the browser goes back to (returnsTo of the request's redirect_uri): a host, or an app's scheme. */
  redirect_host: string;
  /** Scopes being asked for, e.g. ['openid', 'profile', 'email']. */
  scopes: string[];
  /** 'login' when nobody is signed in yet, else 'consent'. */
  prompt: 'login' | 'consent';
  /** Set when nothing needs asking (consent remembered, sign-in fresh enough): the page goes straight on. */
  redirect_to?: string;
  /**
   * The application asked for a fresh sign-in (prompt=login, or max_age older than the session's
   * sign-in): the signed-in person confirms with the password (API.auth.reauthenticate), then the
   * page asks for the details again.
   */
  reauthenticate?: boolean;
  /**
   * The application asked for two factors (acr_values, or its 'Require two-step verification') and
   * this session's sign-in used one: 'verify' asks for the second factor ('Confirm it's you' with
   * a code or a passkey), 'setup' says the account has none yet and links to Settings → Security.
   */
  second_factor?: 'verify' | 'setup';
  /**
   * The same authorization request from the start, for 'Not you? Switch account' (sign out, sign
   * in as someone else, then open this). prompt=login and max_age are left out: the new sign-in
   * satisfies them. A request the app pushed cannot be sent again from the browser: then
   * `restart_at_app` and the app's redirect URI with login_required (any scheme: a native app's
   * own), opened right after the sign-out, and the app's new request leads to the sign-in.
   */
  restart_url: string;
  /** restart_url is the app's: the browser opens it as it is after the sign-out. */
  restart_at_app?: true;
  /** The request's login_hint: prefills the e-mail on the sign-in page. */
  login_hint?: string;
  /** The first language of the request's ui_locales that the screens speak: they open in it. */
  ui_locale?: Language;
  /**
   * A device asks (the device authorization grant): the code it shows, so the person checks it is
   * theirs, and where it asked from: its address, and its browser and system when the User-Agent
   * names known ones ('Chrome, Android'; never the header's own text, which the asker writes).
   */
  device?: { user_code: string; ip: string | null; user_agent: string | null };
  /** Developers' APIs the app asks to call for the person (RFC 8707 `resource`), with their scopes in words. */
  apis?: ConsentApi[];
}
/**
 * The error page of authorizations that cannot go back to the application. It shows the text of a
 * known code only (never a text from the query string, which anyone can write).
 */
export const CONSENT_ERROR_PAGE = '/oauth2/consent/error';
export const CONSENT_ERRORS = {
  missing_client_id: 'missingClientIdParam',
  missing_redirect_uri: 'missingRedirectUriParam',
  missing_response_type: 'missingResponseTypeParam',
  unsupported_response_type: 'invalidResponseType',
  invalid_client: 'unknownClient',
  invalid_redirect_uri: 'unregisteredRedirectUri',
  pending_client: 'pendingClientNotOwner',
  expired: 'authorizationExpired',
  invalid_request: 'invalidAuthorizationRequest',
} as const satisfies Record<string, MessageKey>;
export type ConsentErrorCode = keyof typeof CONSENT_ERRORS;

/** The catalogue message of an error page code; anything unknown reads as an invalid request. */
export const consentErrorMessage = (code: string | null | undefined): MessageKey =>
  codeMessage(CONSENT_ERRORS, code, 'invalidAuthorizationRequest');

export interface ConsentDecisionResponse {
  redirect_to: string;
}
export interface ConnectedApp {
  client_id: string;
  name: string;
  logo_url: string | null;
  /** Where the app's first redirect URI leads (returnsTo: 'app.example.com', or 'com.example.app:'). */
  redirect_host: string | null;
  scopes: string[];
  /** Developers' APIs it may call for the person, with the scopes granted in their developers' words. */
  apis: ConsentApi[];
  since: string;
}
export interface ConnectedAppsResponse {
  apps: ConnectedApp[];
}
/** GET (Bearer) → ConnectedAppsResponse; DELETE /:client_id revokes the grant and its tokens. */
export const CONNECTED_APPS_API = '/api/me/connected-apps';

/** What a consent screen showing `details` shows, as a decision names it (consentDecisionSchema). */
export const shownOf = (details: Pick<ConsentDetails, 'scopes' | 'apis'>): ConsentShown => ({
  scopes: details.scopes,
  apis: (details.apis ?? []).map((api) => ({
    identifier: api.identifier,
    scopes: api.scopes.map(({ name, description }) => ({ name, description })),
  })),
});
