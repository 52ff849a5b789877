import { z } from 'zod';
import {
  APP_DESCRIPTION_MAX,
  APP_NAME_MAX,
  APP_TYPES,
  type AppType,
  actsForPeople,
  isPublicAppType,
  OAUTH_SCOPES,
  redirectsBack,
  SECRET_GRACES,
} from './constants';
import { type MessageKey, rule, ruleMessage } from './messages';
import { appUriIssues, URI_FIELDS, type UriField, uriFormProblem } from './redirect-uris';
import { hidesCharacters } from './shown-text';

/**
 * Developer Program contract (the consent screen's is consent.ts). Registration follows SPEC §7:
 * the logo is uploaded first (a failure stops registration with 'Failed to upload logo'), then the
 * client is created.
 */
export const DEVELOPER_API = {
  /** POST multipart field `file` (Bearer) → LogoResponse. */
  logos: '/api/developer/logos',
  /** GET (Bearer) → ClientListResponse, newest first, the caller's own. POST registerClientSchema → 201 ClientResponse. */
  clients: '/api/developer/clients',
  /** GET (Bearer) → NewestClientResponse: the caller's newest client_id (Settings → Security). */
  newest: '/api/developer/clients/newest',
  /**
   * GET (Bearer, owner) → ClientResponse; PATCH updateClientSchema (a fresh sign-in: 403
   * step_up_required) → ClientResponse (grants beyond the new scopes end; a new name, logo or
   * redirect URI of an approved app waits for the operator's review, the reviewed ones keep
   * working); DELETE deleteClientSchema → 204 (every grant and token revoked). 404 for anyone else.
   */
  client: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}`,
  /** GET (Bearer, owner) → SecretResponse; 404 for a single-page or native app (it has no secret). */
  secret: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/secret`,
  /**
   * POST (Bearer, owner, rotateSecretSchema) → RotateResponse; the old secret keeps working for the
   * chosen grace period ('none': stops at once). 404 without a secret.
   */
  rotate: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/rotate-secret`,
  /**
   * GET (Bearer, owner) → PreviousSecretResponse, 404 when no previous secret works any more;
   * DELETE (Bearer, owner, step-up) → 204: 'Revoke old secret now'.
   */
  previousSecret: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/previous-secret`,
  /** GET (Bearer, owner) → ClientStats. */
  stats: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/stats`,
  /** GET (Bearer, owner) → LogoutDeliveriesResponse: the app's latest back-channel logout deliveries. */
  logoutDeliveries: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/logout-deliveries`,
  /** GET (Bearer, owner) → ClientErrorsResponse: the app's latest refusals by the OAuth endpoints. */
  errors: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/errors`,
  /**
   * PATCH clientSettingsSchema (Bearer, owner, a fresh sign-in: 403 step_up_required) →
   * ClientResponse; updated_at changes; 404 for anyone else. Like PATCH client(id), a change that
   * gives an approved app new reach waits for review (OAuthClient.pending_change).
   */
  settings: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/settings`,
  /**
   * PUT clientSecuritySchema (Bearer, owner or member, a fresh sign-in) → ClientResponse: the app's
   * security profile (PAR, DPoP, private_key_jwt, FAPI 2.0), applied at once.
   */
  security: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/security`,
  /** GET (Bearer, owner) → ClientHistoryResponse: every change of the app, newest first. */
  history: (id: string) => `/api/developer/clients/${encodeURIComponent(id)}/history`,
} as const;

/**
 * A list of URI rows: blank rows dropped (SPEC §5), each remaining one checked for what no app may
 * register (redirect-uris.ts); whether its scheme suits the app is checked with the app's kind.
 */
function uriRows(invalid: MessageKey) {
  return z
    .array(z.string().max(2000))
    .max(20)
    .transform((rows) => rows.map((r) => r.trim()).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .max(2000, 'Redirect URI is too long')
          .superRefine((value, ctx) => {
            const problem = uriFormProblem(value, invalid);
            if (problem) ctx.addIssue({ code: 'custom', message: ruleMessage(problem) });
          }),
      ),
    );
}

/**
 * An app that redirects needs a redirect URI; a device app has none to give (it signs people in on
 * another screen), so it may list neither kind of URI. Registration and edits (the server, with
 * the stored kind) both check it.
 */
export function uriCountIssues(
  type: AppType,
  lists: Partial<Record<UriField, readonly string[]>>,
): { path: [UriField]; message: MessageKey }[] {
  if (redirectsBack(type))
    return lists.redirect_uris?.length === 0
      ? [{ path: ['redirect_uris'], message: 'redirectUriRequired' }]
      : [];
  const message: MessageKey = type === 'service' ? 'serviceHasNoUris' : 'deviceHasNoUris';
  return (Object.keys(URI_FIELDS) as UriField[])
    .filter((field) => lists[field]?.length)
    .map((field) => ({ path: [field], message }));
}

/**
 * An app that acts for people asks for at least one of their scopes; a service acts for itself
 * and asks for developers' APIs instead, never for a person's profile or e-mail.
 */
export function scopeCountIssues(
  type: AppType,
  scopes: readonly string[] | undefined,
): { path: ['allowed_scopes']; message: MessageKey }[] {
  if (scopes === undefined) return [];
  if (actsForPeople(type))
    return scopes.length ? [] : [{ path: ['allowed_scopes'], message: 'scopeRequired' }];
  return scopes.length ? [{ path: ['allowed_scopes'], message: 'serviceHasNoScopes' }] : [];
}

/** The URIs of a parsed request that suit the app's kind, as zod issues (the form's field messages). */
function checkUrisFor(type: AppType, lists: Partial<Record<UriField, string[]>>, ctx: z.RefinementCtx): void {
  for (const issue of appUriIssues(type, lists)) {
    // Only a URI of the right form gets its kind checked: one message per URI.
    const value = lists[issue.path[0]]?.[issue.path[1]] ?? '';
    if (uriFormProblem(value, URI_FIELDS[issue.path[0]])) continue;
    ctx.addIssue({ code: 'custom', message: ruleMessage(issue.message), path: issue.path });
  }
}

/**
 * The links the consent screen shows so people can judge an app (its homepage, privacy policy and
 * terms): optional while the app is in testing mode, all three needed before the operator approves it.
 */
export const APP_LINK_FIELDS = ['homepage_url', 'privacy_url', 'terms_url'] as const;
export type AppLinkField = (typeof APP_LINK_FIELDS)[number];

/** A page people open from the consent screen: https (http only for loopback), nobody's password in it. */
function appLinkProblem(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return true;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return true;
  }
  if (u.username || u.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) return true;
  const loopback = u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]';
  return !((u.protocol === 'https:' && u.hostname) || (u.protocol === 'http:' && loopback));
}

/** One app link as typed: blank means none. */
const appLink = z
  .string()
  .trim()
  .max(2000, rule('appLinkInvalid'))
  .refine((v) => v === '' || !appLinkProblem(v), rule('appLinkInvalid'));
/** Registration: a link or null. */
const newAppLink = appLink.nullish().transform((v) => (v ? v : null));
/** An edit: undefined keeps the link, blank or null removes it. */
const changedAppLink = appLink.nullish().transform((v) => (v === undefined ? undefined : v || null));

/**
 * Where the app may send the user back after RP-initiated logout (OpenID Connect RP-Initiated
 * Logout 1.0, `post_logout_redirect_uri`): optional, the same rules as redirect URIs.
 */
const postLogoutRedirectUris = uriRows('postLogoutRedirectUriInvalid');

/**
 * Where Omnia POSTs logout tokens (Back-Channel Logout 1.0 §2.2): an absolute https URL (http for
 * localhost while developing), no fragment; empty clears it.
 */
const backchannelLogoutUri = z
  .string()
  .max(2000)
  .nullable()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .superRefine((value, ctx) => {
    if (value === null) return;
    const u = URL.parse(value);
    const local = u?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    const problem =
      uriFormProblem(value, 'backchannelLogoutUriInvalid') ??
      (u?.protocol === 'https:' || local ? null : 'backchannelLogoutUriInvalid');
    if (problem) ctx.addIssue({ code: 'custom', message: ruleMessage(problem) });
  });

const clientFields = z.object({
  /** Fixed once registered (a public client never becomes confidential, nor the reverse). */
  app_type: z.enum(APP_TYPES).default('web'),
  name: z
    .string(rule('appNameRequired'))
    .trim()
    .min(1, rule('appNameRequired'))
    .max(APP_NAME_MAX)
    .refine((v) => !hidesCharacters(v), rule('textHasHiddenCharacters')),
  description: z
    .string()
    .trim()
    .max(APP_DESCRIPTION_MAX)
    .refine((v) => !hidesCharacters(v, { lineBreaks: true }), rule('textHasHiddenCharacters'))
    .nullish()
    .transform((v) => (v ? v : null)),
  logo_url: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => v ?? null),
  // Blank rows are dropped before validation (SPEC §5); at least one, except for a device app.
  redirect_uris: uriRows('redirectUriInvalid'),
  // At least one, except for a service (scopeCountIssues).
  allowed_scopes: z.array(z.enum(OAUTH_SCOPES)).max(OAUTH_SCOPES.length),
  /** PKCE on the authorization code (RFC 9700 §2.1.1); off only for confidential apps that send a nonce. */
  require_pkce: z.boolean().default(true),
  post_logout_redirect_uris: postLogoutRedirectUris.default([]),
  homepage_url: newAppLink,
  privacy_url: newAppLink,
  terms_url: newAppLink,
});

export const registerClientSchema = clientFields.superRefine((value, ctx) => {
  for (const issue of [
    ...uriCountIssues(value.app_type, value),
    ...scopeCountIssues(value.app_type, value.allowed_scopes),
  ])
    ctx.addIssue({ code: 'custom', message: ruleMessage(issue.message), path: issue.path });
  checkUrisFor(value.app_type, value, ctx);
  if (isPublicAppType(value.app_type) && !value.require_pkce)
    ctx.addIssue({ code: 'custom', message: ruleMessage('pkceRequiredPublic'), path: ['require_pkce'] });
});
export type RegisterClientInput = z.input<typeof registerClientSchema>;

/**
 * PATCH DEVELOPER_API.client(id): the app as its owner edits it (the registration's rules; the
 * server checks the URIs and the scopes for the app's kind, as appUriIssues and scopeCountIssues do).
 */
export const updateClientSchema = clientFields
  .pick({
    name: true,
    description: true,
    logo_url: true,
    redirect_uris: true,
    allowed_scopes: true,
  })
  .extend({ homepage_url: changedAppLink, privacy_url: changedAppLink, terms_url: changedAppLink });
export type UpdateClientInput = z.input<typeof updateClientSchema>;

/** DELETE DEVELOPER_API.client(id): the owner types the app's name to confirm. */
export const deleteClientSchema = z.object({ confirm: z.string().max(200) });
export type DeleteClientInput = z.input<typeof deleteClientSchema>;

/** PATCH DEVELOPER_API.settings(id): the per-client settings the owner may change later. */
export const clientSettingsSchema = z
  .object({
    require_pkce: z.boolean().optional(),
    post_logout_redirect_uris: postLogoutRedirectUris.optional(),
    require_two_step: z.boolean().optional(),
    backchannel_logout_uri: backchannelLogoutUri.optional(),
  })
  .refine(
    (v) =>
      v.require_pkce !== undefined ||
      v.post_logout_redirect_uris !== undefined ||
      v.require_two_step !== undefined ||
      v.backchannel_logout_uri !== undefined,
    {
      message:
        'Nothing to change: send require_pkce, post_logout_redirect_uris, require_two_step or backchannel_logout_uri',
    },
  );
export type ClientSettingsInput = z.input<typeof clientSettingsSchema>;

/** POST DEVELOPER_API.rotate(id): how long the replaced secret keeps working. */
export const rotateSecretSchema = z.object({ grace: z.enum(SECRET_GRACES).default('none') });
export type RotateSecretInput = z.input<typeof rotateSecretSchema>;

// The consent screen's and Connected apps' contract (consent.ts), under the name it always had.
export * from './consent';
// What the Developer API answers (developer-responses.ts), under the name it always had.
export * from './developer-responses';
