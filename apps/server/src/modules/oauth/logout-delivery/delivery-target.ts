import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Addresses a delivery never goes to in production: this machine and private networks. */
function isPrivateAddress(address: string): boolean {
  const v4 = isIP(address) === 4 ? address : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}

/**
 * Why a back-channel logout URI may not be called now, or undefined when it may: a developer's URL
 * is fetched by Omnia's server, so in production it must be https and resolve to public addresses
 * only (no requests into the operator's own network). Elsewhere, loopback is allowed for testing.
 */
export async function refusedTarget(uri: string, allowLoopback: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not a URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '127.0.0.1' || host === '::1';
  if (allowLoopback && loopback) return undefined;
  if (url.protocol !== 'https:') return 'only https addresses are called';
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `${host} does not resolve`;
  }
  if (addresses.some(isPrivateAddress)) return `${host} is not a public address`;
  return undefined;
}
