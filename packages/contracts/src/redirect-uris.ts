import type { AppType } from './constants';
import type { MessageKey } from './messages';

/*
 * Where an app may send people back (redirect and post-logout redirect URIs), by the kind of app.
 * A URI is stored exactly as typed and compared exactly (RFC 9700 §4.1.3); the engine's own
 * checks (oidc-provider's client schema) are a subset of these, so nothing accepted here breaks
 * the app at the engine.
 */

/** The URI lists an app registers, and the message each uses for a URI of the wrong form. */
export const URI_FIELDS = {
  redirect_uris: 'redirectUriInvalid',
  post_logout_redirect_uris: 'postLogoutRedirectUriInvalid',
} as const satisfies Record<string, MessageKey>;
export type UriField = keyof typeof URI_FIELDS;

/** What no app may register, whatever its kind: spaces, fragments, wildcards, passwords. */
export function uriFormProblem(value: string, invalid: MessageKey): MessageKey | null {
  // Control characters and spaces: the URL parser drops some, so what is stored would differ.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return invalid;
  if (value.includes('#')) return 'uriHasFragment';
  if (value.includes('*')) return 'uriHasWildcard';
  const u = URL.parse(value);
  if (!u) return invalid;
  if (u.username || u.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?]*@/i.test(value)) return 'uriHasUserInfo';
  return null;
}

/**
 * Where a redirect URI sends the browser back, as people are shown it: the host of an http(s)
 * address, and for an app's own scheme the scheme with its colon (com.example.app:), which names
 * the app that receives the code. The colon keeps a scheme that reads like a domain
 * (accounts.bank.example:) from passing for that website; a host written after the scheme
 * (com.example.app://bank.example/cb) is only text that app reads. Null for what is not a URI.
 */
export function returnsTo(uri: string): string | null {
  const u = URL.parse(uri);
  if (!u) return null;
  if (u.protocol === 'https:' || u.protocol === 'http:') return u.host || null;
  return u.protocol;
}

/** Whether a place returnsTo named is an app on the person's device rather than a website. */
export function isAppPlace(place: string): boolean {
  return place.endsWith(':');
}

/** A private-use scheme in reverse-domain form, as RFC 8252 §7.1 asks: com.example.app. */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;
/** Loopback IP literals a native app listens on (RFC 8252 §7.3); `localhost` is not one (§8.3). */
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);
const LOOPBACK_HOSTS = new Set(['localhost', ...LOOPBACK_IPS]);

/**
 * Whether a redirect URI sends the browser to the person's own machine (a loopback host, any
 * spelling the URL parser reads as one): any program running there can listen on its port.
 */
export function landsOnThisMachine(uri: string): boolean {
  try {
    // A host written with the root's dot (localhost.) is the same host.
    const host = new URL(uri).hostname.replace(/\.$/, '');
    // *.localhost resolves to the machine too (RFC 6761 §6.3), as does an IPv4-mapped 127.x.
    return (
      LOOPBACK_HOSTS.has(host) ||
      host === '0.0.0.0' ||
      host === '[::]' ||
      host.endsWith('.localhost') ||
      /^127\.\d+\.\d+\.\d+$/.test(host) ||
      /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.[\d.]+)\]$/.test(host)
    );
  } catch {
    return false;
  }
}

/** A scheme someone's own app answers to (com.example.app:/callback), not one of the web's. */
function isPrivateUseScheme(u: URL, value: string): boolean {
  const scheme = u.protocol.slice(0, -1);
  return REVERSE_DOMAIN_SCHEME.test(scheme) && value.slice(scheme.length + 1).startsWith('/');
}

/**
 * What is wrong with a URI for this kind of app, or null.
 * - Web and single-page apps: https, or http on a loopback host for development.
 * - Native apps: a private-use scheme in reverse-domain form, a claimed https URI, or http on a
 *   loopback IP literal (any port matches, RFC 8252 §7.3).
 */
function appUriProblem(value: string, type: AppType, invalid: MessageKey): MessageKey | null {
  const form = uriFormProblem(value, invalid);
  if (form) return form;
  const u = new URL(value);
  const native = type === 'native';
  if (u.protocol === 'https:' && u.hostname)
    return native && LOOPBACK_HOSTS.has(u.hostname) ? 'nativeRedirectUriInvalid' : null;
  if (u.protocol === 'http:') {
    if (!native) return LOOPBACK_HOSTS.has(u.hostname) ? null : invalid;
    if (LOOPBACK_IPS.has(u.hostname)) return null;
    return u.hostname === 'localhost' ? 'nativeLocalhost' : 'nativeRedirectUriInvalid';
  }
  if (isPrivateUseScheme(u, value)) return native ? null : 'customSchemeNeedsNative';
  return native ? 'nativeRedirectUriInvalid' : invalid;
}

/** One refused URI: where it is in the request and why. */
export interface UriIssue {
  path: [UriField, number];
  message: MessageKey;
}

/** Every refused URI of an app's lists, checked for its kind. */
export function appUriIssues(type: AppType, lists: Partial<Record<UriField, readonly string[]>>): UriIssue[] {
  const issues: UriIssue[] = [];
  for (const field of Object.keys(URI_FIELDS) as UriField[]) {
    (lists[field] ?? []).forEach((value, i) => {
      const problem = appUriProblem(value, type, URI_FIELDS[field]);
      if (problem) issues.push({ path: [field, i], message: problem });
    });
  }
  return issues;
}

/**
 * The web origins an app's pages run on (scheme, host and port of its http(s) redirect URIs): a
 * single-page app may call the token, userinfo and revocation endpoints from these (CORS).
 */
export function webOriginsOf(uris: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const uri of uris) {
    const u = URL.parse(uri);
    if (u && (u.protocol === 'https:' || u.protocol === 'http:')) origins.add(u.origin);
  }
  return [...origins];
}
