import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** Whether a cookie comes at most once in a Cookie header. */
export function singleCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').filter((part) => part.split('=', 1)[0]?.trim() === name).length <= 1;
}

/**
 * A cookie's value, only when the request carries one cookie of that name. Two of them mean one
 * was planted by a sibling host (a cookie for the parent domain with a longer path is sent first,
 * RFC 6265 §5.4), which would otherwise sign this browser in as someone else: neither counts.
 */
export function onlyCookie(c: Context, name: string): string | undefined {
  return singleCookie(c.req.header('cookie'), name) ? getCookie(c, name) || undefined : undefined;
}
