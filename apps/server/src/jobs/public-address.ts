// Which addresses Omnia's server calls: deliveries (outbound-post.ts) and the engine's own fetches.
import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a delivery never goes to: this machine, private and special-use networks. */
const SPECIAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  // AS112 (192.31.196.0/24, 192.175.48.0/24), AMT relays, the 6to4 relay anycast.
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv4');
// Public addresses a cloud answers only from inside it: Azure's WireServer (168.63.129.16, its
// host's agent and DNS). The metadata services of the others are in the ranges above.
SPECIAL.addAddress('168.63.129.16', 'ipv4');
for (const [net, prefix] of [
  // The unspecified and loopback addresses, and the IPv4-compatible ones around them (::7f00:1).
  ['::', 96],
  // IPv4-translated, NAT64 and 6to4 addresses lead back into IPv4. (IPv4-mapped ones, 127.0.0.1
  // as ::ffff:7f00:1, are checked against the IPv4 rules by BlockList itself; a rule for
  // ::ffff:0:0/96 would match every IPv4 address.)
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  // Discard-only, IETF protocol assignments (Teredo, benchmarking, ORCHID…), AS112,
  // documentation (old and new) and SRv6 segment identifiers (IANA's special-purpose registry).
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local, deprecated but still routed by some networks.
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** localhost, however written: a trailing dot, a name under it (RFC 6761 §6.3). */
const isLocalhost = (host: string) => /(^|\.)localhost\.?$/i.test(host);

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether a call from Omnia's server may connect to `address`. */
function allowed(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && LOOPBACK.check(address, family(address))) return true;
  return !SPECIAL.check(address, family(address));
}

/**
 * A lookup for the sockets of those calls: every address the name resolves to must be allowed, and
 * the socket connects to one of them, so a name that answers differently the second time gains
 * nothing. No connection is opened to a refused address.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find((a) => !allowed(a.address, allowLoopback));
      if (refused || list.length === 0) return callback(new Error(NOT_PUBLIC), '', 4);
      if (lookupOptions.all) return callback(null, list as never, 4);
      const first = list[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
}

/** The error of a refused address, as the lookup and the literal check raise it. */
export const NOT_PUBLIC = 'not a public address';

/**
 * Whether a URL may be called in this mode: https, or (outside production) a literal loopback host
 * over http; an IP literal must be allowed. A name is checked when it is looked up.
 */
export function callable(url: URL, allowLoopback: boolean): 'ok' | 'not_https' | 'not_public' {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literalLoopback =
    allowLoopback && (isLocalhost(host) || (isIP(host) !== 0 && LOOPBACK.check(host, family(host))));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && literalLoopback)) return 'not_https';
  if (isIP(host) !== 0 && !allowed(host, allowLoopback)) return 'not_public';
  return 'ok';
}

/**
 * Whether a developer's URL names an address a delivery never goes to (an IP literal of a
 * private or special-use network, or this machine in production): refused when it is saved, so
 * the developer hears it at once. A name is looked up only when it is called.
 */
export function neverCalled(uri: string, allowLoopback: boolean): boolean {
  const url = URL.parse(uri);
  if (!url) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalhost(host)) return !allowLoopback;
  return isIP(host) !== 0 && !allowed(host, allowLoopback);
}
