import { describe, expect, it } from 'vitest';
import { hashToken, randomToken, safeEqual } from './tokens';

describe('tokens', () => {
  it('makes URL-safe 256-bit random tokens', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it('hashes with SHA-256 (hex)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares in constant time', () => {
    expect(safeEqual('same', 'same')).toBe(true);
    expect(safeEqual('same', 'other')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });
});
