import { isIPv4 } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * Headers a proxy or CDN adds: their presence means the loopback socket is the proxy's, not the
 * caller's. Any X-Forwarded-* counts (a proxy may send only X-Forwarded-Host or -Proto).
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
]);
const forwarded = (name: string) => FORWARDING_HEADERS.has(name) || name.startsWith('x-forwarded-');

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address (a dual-stack socket). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A request from this machine itself, not forwarded (TRUST_PROXY does not matter here): what only
 * an operator on the server's machine may ask (the dev mailbox, the admin command line's API).
 */
export function fromThisMachine(c: Context<AppEnv>): boolean {
  if (Object.keys(c.req.header()).some((name) => forwarded(name.toLowerCase()))) return false;
  return isLoopbackAddress(c.env?.incoming?.socket?.remoteAddress);
}
