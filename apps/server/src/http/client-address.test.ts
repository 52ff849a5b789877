import { describe, expect, it } from 'vitest';
import {
  createClientAddress,
  normalizeAddress,
  parseNat64Prefixes,
  parseTrustProxy,
  rateKeyOf,
} from './client-address';

const behind = (trustProxy: string | undefined, nat64?: string) =>
  createClientAddress({ trustProxy: parseTrustProxy(trustProxy), nat64Prefixes: parseNat64Prefixes(nat64) });

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('without trusted proxies: the socket, whatever X-Forwarded-For says', () => {
    const address = behind(undefined);
    expect(address('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    expect(address('::ffff:127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('one proxy (true): the rightmost entry, never the client-written ones to its left', () => {
    const address = behind('true');
    expect(address('10.0.0.2', '198.51.100.9')).toBe('198.51.100.9');
    // The client sent "1.2.3.4"; the proxy appended what it saw.
    expect(address('10.0.0.2', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9');
    expect(address('10.0.0.2', '1.2.3.4,5.6.7.8,198.51.100.9')).toBe('198.51.100.9');
    expect(address('10.0.0.2', undefined)).toBe('10.0.0.2');
  });

  it('two proxies in a row: the second entry from the right', () => {
    const address = behind('2');
    expect(address('10.0.0.2', 'spoofed, 198.51.100.9, 10.0.0.1')).toBe('198.51.100.9');
    expect(address('10.0.0.2', '10.0.0.1')).toBe('10.0.0.1');
  });

  it('trusted networks: skips our proxies from the right, stops at the first other address', () => {
    const address = behind('10.0.0.0/8, 2001:db8::/32');
    expect(address('10.0.0.2', '1.2.3.4, 198.51.100.9, 10.1.1.1')).toBe('198.51.100.9');
    expect(address('2001:db8::5', '[2001:db8::9]:443, 203.0.113.4:5555')).toBe('203.0.113.4');
    // A peer that is not one of ours is the client itself: its header is not believed.
    expect(address('198.51.100.50', '1.2.3.4')).toBe('198.51.100.50');
  });

  it('behind a NAT64 translator (NAT64_PREFIXES): the IPv4 client its address carries', () => {
    const address = behind(undefined, '64:ff9b:1:a::/96, 2001:db8:64::/96');
    expect(address('64:ff9b:1:a::c000:201', undefined)).toBe('192.0.2.1');
    expect(address('2001:db8:64::cb00:7107', undefined)).toBe('203.0.113.7');
    // Outside the prefixes an address is itself (another /96 of the same /48 included).
    expect(address('64:ff9b:1:b::c000:201', undefined)).toBe('64:ff9b:1:b::c000:201');
    expect(address('2001:db8:1::1', undefined)).toBe('2001:db8:1::1');
    // So each IPv4 client behind it has its own budget, not one shared /64's.
    expect(rateKeyOf(address('64:ff9b:1:a::c000:201', undefined))).not.toBe(
      rateKeyOf(address('64:ff9b:1:a::c000:202', undefined)),
    );
    // The well-known prefix, listed or not: each client its own, never one shared network.
    expect(behind(undefined, undefined)('64:ff9b::c633:6407', undefined)).toBe('198.51.100.7');
    // A proxy reached through the translator is trusted by its IPv4 address.
    const proxied = behind('10.0.0.0/8', '64:ff9b:1:a::/96');
    expect(proxied('64:ff9b:1:a::a00:2', '198.51.100.9')).toBe('198.51.100.9');
    expect(proxied('64:ff9b:1:a::c633:6409', '1.2.3.4')).toBe('198.51.100.9');
    // An entry our proxy wrote is translated too; one a client wrote is never read.
    expect(behind('true', '64:ff9b:1:a::/96')('10.0.0.2', '1.2.3.4, 64:ff9b:1:a::c633:6409')).toBe(
      '198.51.100.9',
    );
  });

  it('NAT64_PREFIXES takes only IPv6 networks of 96 bits', () => {
    expect(parseNat64Prefixes(undefined)).toEqual([]);
    expect(parseNat64Prefixes(' 64:ff9b:1::/96 ,')).toEqual(['64:ff9b:1::/96']);
    for (const bad of ['64:ff9b:1::/64', '64:ff9b:1::', '10.0.0.0/8', 'nat64', '64:ff9b::/96/1'])
      expect(() => parseNat64Prefixes(bad)).toThrow(/NAT64_PREFIXES/);
  });

  it('an entry that is not an IP address is never used (the last trusted hop stands)', () => {
    const address = behind('true');
    expect(address('10.0.0.2', "1.2.3.4, ' or 1=1 --")).toBe('10.0.0.2');
    expect(address('10.0.0.2', 'unknown')).toBe('10.0.0.2');
    expect(address('10.0.0.2', '')).toBe('10.0.0.2');
    expect(address('10.0.0.2', '999.1.1.1')).toBe('10.0.0.2');
    expect(address(undefined, '1.2.3.4')).toBeUndefined();
  });

  it('addresses come out as PostgreSQL inet takes them', () => {
    expect(normalizeAddress('[::1]:8080')).toBe('::1');
    expect(normalizeAddress('192.0.2.1:80')).toBe('192.0.2.1');
    expect(normalizeAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('fe80::1%eth0')).toBeUndefined();
    expect(normalizeAddress('example.com')).toBeUndefined();
  });

  it('refuses a setting it cannot use', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('100')).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
  });
});

describe('rateKeyOf', () => {
  it('counts IPv4 whole and IPv6 by its /64, however the address is written', () => {
    expect(rateKeyOf('203.0.113.7')).toBe('203.0.113.7');
    const sameNetwork = [
      '2001:db8:1:0::1',
      '2001:db8:1::5',
      '2001:db8:1:0:1::5',
      '2001:db8:1:0:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0000:0000:0000:0000:0009',
      '2001:db8:1::192.0.2.1',
    ];
    expect(new Set(sameNetwork.map(rateKeyOf))).toEqual(new Set(['2001:db8:1:0::/64']));
    expect(rateKeyOf('2001:db8:1:1::1')).toBe('2001:db8:1:1::/64');
    expect(rateKeyOf('::1')).toBe('0:0:0:0::/64');
    // IPv4-mapped, in any spelling: the IPv4 host, not one key for every IPv4 address.
    for (const mapped of [
      '::ffff:c000:201',
      '::FFFF:C000:0201',
      '0:0:0:0:0:ffff:c000:201',
      '::ffff:192.0.2.1',
    ])
      expect(rateKeyOf(mapped), mapped).toBe('192.0.2.1');
    expect(rateKeyOf('::ffff:c000:202')).toBe('192.0.2.2');
    // Every other spelling that carries an IPv4 host is that host too.
    for (const [carrier, host] of [
      ['::ffff:0:c000:201', '192.0.2.1'], // SIIT's IPv4-translated
      ['::ffff:0:192.0.2.1', '192.0.2.1'],
      ['::192.0.2.1', '192.0.2.1'], // IPv4-compatible (deprecated)
      ['64:ff9b::192.0.2.1', '192.0.2.1'], // NAT64, as a server behind SIIT-DC sees IPv4 clients
      ['64:ff9b::c633:6407', '198.51.100.7'],
      ['2002:c000:201::1', '192.0.2.1'], // 6to4: a whole /48 is the one IPv4 host's
      ['2002:c000:201:ffff::9', '192.0.2.1'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdfe', '192.0.2.1'], // Teredo: the client, inverted
    ])
      expect(rateKeyOf(carrier), carrier).toBe(host);
    // The unspecified and loopback addresses are not IPv4-compatible ones.
    expect(rateKeyOf('::')).toBe('0:0:0:0::/64');
    // Look-alikes outside those prefixes stay IPv6 networks.
    expect(rateKeyOf('64:ff9b:1::c000:201')).toBe('64:ff9b:1:0::/64');
    expect(rateKeyOf('2001:db8::c000:201')).toBe('2001:db8:0:0::/64');
    expect(rateKeyOf(undefined)).toBe('unknown');
    expect(rateKeyOf(null)).toBe('unknown');
  });
});
