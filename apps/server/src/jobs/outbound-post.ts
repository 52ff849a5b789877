import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv4');
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
  ['2001::', 32],
  ['2001:db8::', 32],
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

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether a delivery may connect to `address`. */
function allowed(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && LOOPBACK.check(address, family(address))) return true;
  return !SPECIAL.check(address, family(address));
}

/** How much of an answer's body is read before its connection is closed. */
const BODY_READ_LIMIT = 16 * 1024;

/**
 * Whether a developer's URL names an address a delivery never goes to (an IP literal of a
 * private or special-use network, or this machine in production): refused when it is saved, so
 * the developer hears it at once. A name is looked up only when it is called.
 */
export function neverCalled(uri: string, allowLoopback: boolean): boolean {
  const url = URL.parse(uri);
  if (!url) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return !allowLoopback;
  return isIP(host) !== 0 && !allowed(host, allowLoopback);
}

/** The outcome of one POST: the app's status, or why there was none. */
export interface PostOutcome {
  status: number | null;
  error?: string;
}

/** What one POST carries: its body, and headers beside the content type and length. */
export interface OutboundBody {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** POSTs a form (a logout token) with `postTo`. */
export function postForm(
  uri: string,
  form: URLSearchParams,
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  return postTo(uri, { body: form.toString(), contentType: 'application/x-www-form-urlencoded' }, options);
}

/**
 * POSTs to a developer's URL from Omnia's server (logout tokens, webhooks). In production it must
 * be https and every address it resolves to public: the check runs on the addresses the socket
 * connects to (a lookup of our own), so a name that answers differently the second time gains
 * nothing. Outside production this machine's loopback is allowed too (development, tests). The
 * errors stay coarse. Redirects are not followed.
 */
export function postTo(
  uri: string,
  outbound: OutboundBody,
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return Promise.resolve({ status: null, error: 'not called: not a URL' });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const https = url.protocol === 'https:';
  const literalLoopback =
    options.allowLoopback && (host === 'localhost' || (isIP(host) && LOOPBACK.check(host, family(host))));
  if (!https && !literalLoopback)
    return Promise.resolve({ status: null, error: 'not called: only https addresses are called' });
  if (isIP(host) && !allowed(host, options.allowLoopback))
    return Promise.resolve({ status: null, error: 'not called: not a public address' });
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find((a) => !allowed(a.address, options.allowLoopback));
      if (refused || list.length === 0) return callback(new Error('not a public address'), '', 4);
      if (lookupOptions.all) return callback(null, list as never, 4);
      const first = list[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
  const { body } = outbound;
  return new Promise<PostOutcome>((resolve) => {
    const send = https ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      // A connection of its own, closed after the answer: none is kept for a developer's host.
      agent: false,
      lookup: guardedLookup,
      headers: {
        ...outbound.headers,
        'content-type': outbound.contentType,
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    // The whole exchange, the name's lookup included.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), options.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      resolve(status >= 200 && status < 300 ? { status } : { status, error: `answered ${status}` });
      // Only the status counts. The body is read to its end within the same time and up to a few
      // kilobytes, then the connection closes: an endless or slow answer holds no socket.
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_READ_LIMIT) req.destroy();
      });
      res.on('end', () => clearTimeout(timer));
      res.on('error', () => clearTimeout(timer));
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      const reason =
        err.message === 'timeout'
          ? 'no answer in time'
          : err.message === 'not a public address'
            ? 'not called: not a public address'
            : 'could not connect';
      resolve({ status: null, error: reason });
    });
    req.end(body);
  });
}
