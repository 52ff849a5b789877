import { ACR, LANGUAGES, type Language } from '@omnia/contracts/constants';
import { landsOnThisMachine, returnsTo } from '@omnia/contracts/redirect-uris';
import { SCOPE_CLAIMS } from './engine-constants';

/** What of an interaction the consent screen decides on (a subset of the engine's Interaction). */
export interface PendingAuthorization {
  prompt: { name: string; reasons: string[] };
  params: Record<string, unknown>;
}

/**
 * Whether a public app's request (no secret: whoever holds its code and their own PKCE verifier
 * redeems it) sends the code to the person's own machine, where any program can listen on the port
 * (RFC 8252 §8.6): then its user decides every time, never remembered consent, as for a native app.
 * A single-page app's loopback URI for development is the case: its approval says nothing about
 * who listens there.
 */
export const asksAtThisRedirect = (isPublic: boolean, redirectUri: unknown): boolean =>
  isPublic && typeof redirectUri === 'string' && landsOnThisMachine(redirectUri);

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Whether the engine asks for a sign-in newer than the session's (prompt=login, max_age). */
export const asksForNewSignIn = (pending: PendingAuthorization) =>
  pending.prompt.name === 'login' &&
  (pending.prompt.reasons.includes('login_prompt') || pending.prompt.reasons.includes('max_age'));

/**
 * Whether the application asked for a sign-in newer than the one this session has (OpenID Connect
 * Core 3.1.2.1): prompt=login needs one made during this authorization; max_age one no older than
 * max_age seconds (or made during this authorization, which max_age=0 comes down to).
 * `startedAt` is when the request was saved, on the clock that stamped the sign-in
 * (interactions-repo.ts); when it is unknown, nothing counts as made during it.
 */
export function needsFreshSignIn(
  pending: PendingAuthorization,
  authenticatedAt: Date,
  startedAt: Date | undefined,
  now = new Date(),
): boolean {
  if (!asksForNewSignIn(pending)) return false;
  const duringThisRequest = startedAt !== undefined && authenticatedAt >= startedAt;
  if (pending.prompt.reasons.includes('login_prompt') && !duringThisRequest) return true;
  if (pending.prompt.reasons.includes('max_age')) {
    const maxAge = Number(pending.params.max_age);
    if (Number.isFinite(maxAge) && seconds(authenticatedAt) < seconds(now) - maxAge && !duringThisRequest)
      return true;
  }
  return false;
}

/**
 * The request's max_age is older than the sign-in, whatever the engine's reasons (a browser the
 * engine has no session for asks for a sign-in for that reason alone).
 */
export function maxAgeExceeded(
  params: Record<string, unknown>,
  authenticatedAt: Date,
  now = new Date(),
): boolean {
  const maxAge = Number(params.max_age);
  return (
    params.max_age !== undefined &&
    Number.isFinite(maxAge) &&
    seconds(authenticatedAt) < seconds(now) - maxAge
  );
}

/** prompt=consent: the screen is shown even when consent is remembered. */
export function asksForConsent(params: Record<string, unknown>): boolean {
  return String(params.prompt ?? '')
    .split(' ')
    .includes('consent');
}

/** Claims the engine always answers; the claims parameter never needs consent for them. */
const ALWAYS = new Set(['sub', 'sid', 'auth_time', 'acr', 'amr', 'iss']);

/** The scope each claim comes with (SCOPE_CLAIMS). */
const CLAIM_SCOPE = new Map<string, string>(
  Object.entries(SCOPE_CLAIMS).flatMap(([scope, claims]) => claims.map((claim) => [claim, scope] as const)),
);

/** Every claim named in the `claims` parameter (OpenID Connect Core 5.5), but those always answered. */
function claimsNamed(params: Record<string, unknown>): string[] {
  const raw = params.claims;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const names = new Set<string>();
  for (const target of ['userinfo', 'id_token'] as const) {
    const requested = (parsed as Record<string, unknown>)[target];
    if (requested && typeof requested === 'object')
      for (const name of Object.keys(requested)) if (!ALWAYS.has(name)) names.add(name);
  }
  return [...names];
}

/**
 * The claims of the `claims` parameter that come with these scopes (the ones the consent screen
 * shows and the person grants): the parameter never reaches beyond them.
 */
export function requestedClaims(params: Record<string, unknown>, scopes: readonly string[]): string[] {
  return claimsNamed(params).filter((claim) => claimOfScopes(claim, scopes));
}

/** Whether a claim comes with one of these scopes (SCOPE_CLAIMS). */
export const claimOfScopes = (claim: string, scopes: readonly string[]) =>
  scopes.includes(CLAIM_SCOPE.get(claim) ?? '');

/**
 * The scopes the `claims` parameter asks for by naming their claims, among those the app may
 * have: the consent screen shows them as scopes. Claims of other scopes are never given.
 */
export function claimScopes(params: Record<string, unknown>, mayHave: readonly string[]): string[] {
  const scopes = claimsNamed(params).map((claim) => CLAIM_SCOPE.get(claim) ?? '');
  return [...new Set(scopes)].filter((scope) => mayHave.includes(scope));
}

/** The subject an id_token_hint names (the engine has already verified its signature). */
export function hintedSubject(params: Record<string, unknown>): string | undefined {
  const hint = params.id_token_hint;
  if (typeof hint !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(hint.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the request's ui_locales the screens speak ('fr-CA' counts as 'fr'). */
export function uiLocale(params: Record<string, unknown>): Language | undefined {
  for (const tag of String(params.ui_locales ?? '').split(' ')) {
    const primary = tag.split('-')[0]?.toLowerCase();
    const found = LANGUAGES.find((l) => l === primary);
    if (found) return found;
  }
  return undefined;
}

/** The request's login_hint when it is an e-mail address (it prefills the sign-in page). */
export function loginHint(params: Record<string, unknown>): string | undefined {
  const hint = params.login_hint;
  return typeof hint === 'string' && hint.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(hint) ? hint : undefined;
}

/**
 * The host the browser is sent back to, as the consent screen names it. The engine has matched
 * redirect_uri against the registered ones before any interaction starts.
 */
export function redirectHost(params: Record<string, unknown>): string {
  return returnsTo(String(params.redirect_uri)) ?? '';
}

/** The engine's reason for a sign-in prompt when two factors are wanted and were not used. */
export const TWO_STEP_CHECK = 'two_step_required';

/**
 * Two factors are wanted: the client requires them, or the request's acr_values (a list of
 * acceptable levels, OpenID Connect Core 3.1.2.1) name the two-factor level and not the one-factor
 * one. Values we do not define are ignored.
 */
export function wantsTwoStep(acrValues: unknown, clientRequires: boolean): boolean {
  if (clientRequires) return true;
  const values = typeof acrValues === 'string' ? acrValues.split(' ') : [];
  return values.includes(ACR.twoStep) && !values.includes(ACR.password);
}

/** The engine asked for a sign-in because two factors are wanted and this sign-in used one. */
export function needsSecondFactor(pending: PendingAuthorization, amr: readonly string[]): boolean {
  return (
    pending.prompt.name === 'login' && pending.prompt.reasons.includes(TWO_STEP_CHECK) && !amr.includes('mfa')
  );
}

/** The id_token's acr for the methods a sign-in used. */
export function acrOf(amr: readonly string[]): string {
  return amr.includes('mfa') ? ACR.twoStep : ACR.password;
}

/**
 * The authentication levels a request asks for, read as the engine reads them (oidc-provider
 * 9.13: assignClaims, and the login prompt's essential_acrs and essential_acr checks), so that
 * what Omnia answers is what the engine then finds met. A non-empty `acr_values` replaces the
 * `claims` parameter's acr and is voluntary. Otherwise an id_token `acr` claim whose `essential` is
 * truthy is demanded: its `values` (when truthy) must hold the sign-in's acr, and its `value` (when
 * truthy) must be it; both count when both are given.
 */
export function acrRequest(params: Record<string, unknown>): {
  values: string[];
  essential: boolean;
  /** An essential acr that no sign-in meets: the engine would ask again forever. */
  unmeetable?: true;
} {
  if (typeof params.acr_values === 'string' && params.acr_values !== '')
    return { values: params.acr_values.split(' '), essential: false };
  let acr: unknown;
  try {
    acr = (JSON.parse(String(params.claims ?? 'null')) as { id_token?: { acr?: unknown } } | null)?.id_token
      ?.acr;
  } catch {
    return { values: [], essential: false };
  }
  if (typeof acr !== 'object' || acr === null || !(acr as { essential?: unknown }).essential)
    return { values: [], essential: false };
  const { value, values } = acr as { value?: unknown; values?: unknown };
  let accepted: unknown[] | undefined;
  // `values` that is not a list: the engine refuses the request, and nothing here meets it.
  if (values) accepted = Array.isArray(values) ? values : [];
  if (value) accepted = (accepted ?? [value]).filter((v) => v === value);
  if (accepted === undefined) return { values: [], essential: true };
  const levels = accepted.filter((v): v is string => typeof v === 'string');
  if (levels.length === 0) return { values: [], essential: true, unmeetable: true };
  return { values: levels, essential: true };
}

/**
 * The acr to answer with: the sign-in's own level when asked for (or nothing was asked), the
 * one-factor level when only that is asked and two were used (two meet it); null when the request
 * demands (essential) only levels this sign-in cannot give, which the application is told as
 * unmet_authentication_requirements instead of asking again forever.
 */
export function acrFor(params: Record<string, unknown>, amr: readonly string[]): string | null {
  const own = acrOf(amr);
  const { values, essential, unmeetable } = acrRequest(params);
  if (unmeetable) return null;
  if (values.length === 0 || values.includes(own)) return own;
  if (own === ACR.twoStep && values.includes(ACR.password)) return ACR.password;
  return essential ? null : own;
}
