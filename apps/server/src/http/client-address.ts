import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * Which proxies in front of Omnia are trusted to report the client's address in
 * `X-Forwarded-For` (TRUST_PROXY, docs/configuration.md). Each proxy appends the address it got the
 * request from, so only the rightmost entries were written by our proxies: everything to their left
 * is whatever the client sent.
 */
export type TrustProxy =
  | { kind: 'none' }
  /** This many proxies in a row in front of Omnia (the socket's peer is the last of them). */
  | { kind: 'hops'; hops: number }
  /** Any peer in these addresses or networks is one of ours. */
  | { kind: 'networks'; networks: readonly string[] };

const TRUST_NO_PROXY: TrustProxy = { kind: 'none' };

/**
 * How the client's address is known: which proxies may report it, and which NAT64 prefixes
 * (RFC 6052, /96) carry an IPv4 client in their last 32 bits (NAT64_PREFIXES).
 */
export type ClientAddressing = { trustProxy: TrustProxy; nat64Prefixes: readonly string[] };

/** An IP address as PostgreSQL's `inet` takes it: no port, no brackets, IPv4-mapped IPv6 as IPv4. */
export function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.toLowerCase().startsWith('::ffff:') && isIPv4(value.slice(7))) value = value.slice(7);
  // A zone index (fe80::1%eth0) is not an address PostgreSQL's inet takes.
  return isIP(value) && !value.includes('%') ? value : undefined;
}

/** An IPv6 address's eight groups, however it is written (`::`, an IPv4 tail). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill('0');
  return [...first, ...zeros, ...last].map((group) => Number.parseInt(group, 16));
}

/**
 * The IPv4 host an IPv6 address stands for, when it carries one (as 32 bits, high group first):
 * IPv4-mapped ::ffff:0:0/96, SIIT's IPv4-translated ::ffff:0:0:0/96, the deprecated IPv4-compatible
 * ::/96 (but :: and ::1, which are not), NAT64's 64:ff9b::/96 (a server behind SIIT-DC sees every
 * IPv4 client so), 6to4's 2002::/16 (a whole /48 per IPv4 host) and Teredo's 2001::/32 (the client's
 * address inverted in the last 32 bits).
 */
function embeddedIpv4(groups: readonly number[]): [number, number] | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeros = (...some: (number | undefined)[]) => some.every((group) => group === 0);
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return [g6, g7];
  if (zeros(g0, g1, g2, g3, g5) && g4 === 0xffff) return [g6, g7];
  if (zeros(g0, g1, g2, g3, g4, g5) && g6 !== 0) return [g6, g7];
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return [g6, g7];
  if (g0 === 0x2002) return [g1 ?? 0, g2 ?? 0];
  if (g0 === 0x2001 && g1 === 0) return [g6 ^ 0xffff, g7 ^ 0xffff];
  return undefined;
}

/** An IPv4 address from its two 16-bit halves. */
const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * An address as per-address rate limits count it: IPv4 whole, IPv6 by its /64. A host is given a
 * whole /64 and may take a new address in it for every request, so counting each address alone
 * would give it an endless budget.
 */
export function rateKeyOf(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  // An address that carries an IPv4 host, however written (::ffff:c000:201), is that host, counted
  // as such: otherwise all of them would share one /64 key (or one host would hold a /48 of keys),
  // and each host would have two budgets.
  const v4 = embeddedIpv4(groups);
  if (v4) return dotted(...v4);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Parses a TRUST_PROXY value; throws a readable message for anything it cannot use. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return TRUST_NO_PROXY;
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw new Error('TRUST_PROXY: at most 20 proxies in a row');
    return { kind: 'hops', hops };
  }
  const networks = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of networks) {
    if (!toBlock(new BlockList(), entry)) {
      throw new Error(
        `TRUST_PROXY: '${entry}' is not true, false, a number of proxies, or an IP address or network (CIDR)`,
      );
    }
  }
  return { kind: 'networks', networks };
}

/** RFC 6052's well-known NAT64 prefix. */
const WELL_KNOWN_NAT64 = '64:ff9b::/96';

/**
 * Parses NAT64_PREFIXES: IPv6 /96 networks a NAT64 or SIIT-DC translator puts IPv4 clients in
 * (RFC 6052's well-known 64:ff9b::/96 is always known; this is for the local-use 64:ff9b:1::/48's
 * and network-specific ones). Throws a readable message for anything else.
 */
export function parseNat64Prefixes(raw: string | undefined): readonly string[] {
  const prefixes = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const prefix of prefixes) {
    const [address, bits, extra] = prefix.split('/');
    const ip = normalizeAddress(address);
    if (!ip || !isIPv6(ip) || bits !== '96' || extra !== undefined)
      throw new Error(`NAT64_PREFIXES: '${prefix}' is not an IPv6 network of 96 bits (64:ff9b:1::/96)`);
  }
  return prefixes;
}

/** Adds an address or CIDR network to a block list; false when it is neither. */
function toBlock(list: BlockList, entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const ip = normalizeAddress(address);
  if (!ip || extra !== undefined) return false;
  const type = isIPv4(ip) ? 'ipv4' : 'ipv6';
  if (bits === undefined) {
    list.addAddress(ip, type);
    return true;
  }
  const prefix = Number(bits);
  if (!/^\d+$/.test(bits) || prefix > (type === 'ipv4' ? 32 : 128)) return false;
  list.addSubnet(ip, prefix, type);
  return true;
}

/**
 * The client's address: the socket's peer, or, behind trusted proxies, the address the nearest
 * untrusted hop was seen from, read from the right of `X-Forwarded-For` (as Express's `trust proxy`
 * does). An entry that is not an IP address ends the walk at the last trusted hop: it is never
 * stored, and never a reason to fail. An address in one of the NAT64 prefixes is the IPv4 client it
 * carries. Undefined when the socket has no address.
 */
export function createClientAddress({ trustProxy: trust, nat64Prefixes }: ClientAddressing) {
  const nat64 = new BlockList();
  // RFC 6052's well-known prefix carries nothing but translated IPv4 clients: always read so, or
  // every IPv4 client behind it would share one address's /48 (one device's, to the new-sign-in
  // notice) and one /64's budget.
  for (const prefix of [WELL_KNOWN_NAT64, ...nat64Prefixes]) toBlock(nat64, prefix);
  // The IPv4 host a translator's address stands for: its last 32 bits (RFC 6052 §2.2, /96). A
  // proxy reached through the translator is known (and trusted) by its IPv4 address too.
  const known = (raw: string | undefined) => {
    const ip = normalizeAddress(raw);
    if (!ip || !isIPv6(ip) || !nat64.check(ip, 'ipv6')) return ip;
    const [, , , , , , high = 0, low = 0] = ipv6Groups(ip);
    return dotted(high, low);
  };
  const trusted = new BlockList();
  if (trust.kind === 'networks') for (const entry of trust.networks) toBlock(trusted, entry);
  const isTrusted = (ip: string, hop: number) =>
    trust.kind === 'hops'
      ? hop < trust.hops
      : trust.kind === 'networks' && trusted.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');

  return (socketAddress: string | undefined, forwardedFor: string | undefined): string | undefined => {
    let client = known(socketAddress);
    if (!client || trust.kind === 'none' || !forwardedFor) return client;
    const hops = forwardedFor.split(',').reverse();
    for (let hop = 0; hop < hops.length && isTrusted(client, hop); hop++) {
      const previous = known(hops[hop]);
      if (!previous) return client;
      client = previous;
    }
    return client;
  };
}
