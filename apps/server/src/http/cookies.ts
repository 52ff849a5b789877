import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * A Cookie header's part without the spaces and tabs around it, and nothing else: String#trim
 * would also take a no-break space, so a cookie named '\u00A0__Host-omnia_engine' (which any host
 * may set) would pass for the __Host- one.
 */
export const cookiePart = (part: string) => part.replace(/^[ \t]+|[ \t]+$/g, '');

/** Whether a cookie comes at most once in a Cookie header. */
export function singleCookie(header: string | undefined, name: string): boolean {
  return (
    (header ?? '').split(';').filter((part) => cookiePart(part.split('=', 1)[0] ?? '') === name).length <= 1
  );
}

/**
 * A cookie's value, only when the request carries one cookie of that name. Two of them mean one
 * was planted by a sibling host (a cookie for the parent domain with a longer path is sent first,
 * RFC 6265 §5.4), which would otherwise sign this browser in as someone else: neither counts.
 */
export function onlyCookie(c: Context, name: string): string | undefined {
  return singleCookie(c.req.header('cookie'), name) ? getCookie(c, name) || undefined : undefined;
}

/** Omnia's own cookies: each one's name, and the part of the site it is sent to over http. */
const OWN_COOKIES = {
  refresh: { name: 'omnia_refresh', path: '/api/auth' },
  browserSession: { name: 'omnia_engine', path: '/oauth2' },
  verify: { name: 'omnia_verify', path: '/api/auth/verify' },
  twoStep: { name: 'omnia_two_step', path: '/api/auth/two-step' },
} as const;

/**
 * One of Omnia's own cookies as this deployment sets it. Over https it is a `__Host-` cookie:
 * browsers take one only with Secure, Path=/ and no Domain, so no other host under the same parent
 * domain can set it, and a cookie planted there can never sign a browser in (a browser holding
 * none of its own would otherwise take it). Over http (development) browsers refuse the prefix:
 * the plain name, sent only to the path that reads it.
 */
export function ownCookie(which: keyof typeof OWN_COOKIES, secure: boolean): { name: string; path: string } {
  const { name, path } = OWN_COOKIES[which];
  return secure ? { name: `__Host-${name}`, path: '/' } : { name, path };
}
