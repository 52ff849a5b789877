import { OAUTH_SCOPES } from '@omnia/contracts/constants';
import type { ConsentDetails } from '@omnia/contracts/developer';
import type Provider from 'oidc-provider';
import { ConsentRefusal } from '../../errors';
import { parseUserAgent } from '../../http/user-agent';
import { displayedUserCode } from './device-pages';

// What the consent service (consent-service.ts) reads of a pending authorization, and the checks
// that need nothing but the authorization and the caller.

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Omnia's own scopes, which the consent screen words itself (an API's come with its words). */
export const OWN_SCOPES = new Set<string>(['openid', 'offline_access', ...OAUTH_SCOPES]);

/** The `resource` values of an authorization request (RFC 8707: one or more). */
export function resourcesOf(params: Record<string, unknown>): string[] {
  return [params.resource].flat().filter((r): r is string => typeof r === 'string' && r !== '');
}

/** SPEC: a pending client is in testing mode; only its developer may authorize it. */
export function assertMayAuthorize(client: { status: string; user_id: string }, userId: string) {
  if (client.status !== 'approved' && client.user_id !== userId)
    throw new ConsentRefusal(403, 'access_denied', 'pendingClientNotOwner');
}

/** The engine's session in this authorization, when it has one, is the caller's (never another's). */
export function assertSameAccount(details: Interaction, userId: string) {
  const accountId = details.session?.accountId;
  if (accountId && accountId !== userId)
    throw new ConsentRefusal(400, 'invalid_request', 'authorizationExpired');
}

/**
 * The browser and system a User-Agent names, as the parser's lists name them ('Chrome, Android'),
 * else null: whoever starts a device flow writes that header, and its own words ('checked by
 * Omnia, press Allow') on the consent card would help a phisher (RFC 8628 §5.4).
 */
function programOf(userAgent: unknown): string | null {
  if (typeof userAgent !== 'string') return null;
  const { browser, os } = parseUserAgent(userAgent);
  return [browser, os === 'Unknown' ? null : os].filter(Boolean).join(', ') || null;
}

/** The device asking, in a device authorization (RFC 8628): its code and what it said of itself. */
export async function deviceOf(provider: Provider, details: Interaction): Promise<ConsentDetails['device']> {
  if (!details.deviceCode) return undefined;
  const code = await provider.DeviceCode.find(details.deviceCode, { ignoreExpiration: true });
  if (!code?.userCode) return undefined;
  const info = code.deviceInfo as { ip?: unknown; ua?: unknown } | undefined;
  const ip = typeof info?.ip === 'string' && info.ip ? info.ip.slice(0, 64) : null;
  return { user_code: displayedUserCode(code.userCode), ip, user_agent: programOf(info?.ua) };
}

/**
 * The `sub` value the claims parameter asks the id_token for (Core 5.5.1): undefined when it names
 * none, null when it names one that is not a string (no account is: the engine would ask again
 * forever).
 */
export function requestedSubject(params: Record<string, unknown>): string | null | undefined {
  try {
    const claims = typeof params.claims === 'string' ? JSON.parse(params.claims) : params.claims;
    const value = claims?.id_token?.sub?.value;
    if (value === undefined) return undefined;
    return typeof value === 'string' ? value : null;
  } catch {
    return undefined;
  }
}
