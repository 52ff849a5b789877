import { describe, expect, it } from 'vitest';
import { keySetAt, RETIRED_KEY_KEPT_SECONDS } from './signing-keys';

const key = (kid: string, activatesAt: string) => ({
  jwk: { kty: 'RSA', kid, alg: 'RS256', use: 'sig' },
  activatesAt: new Date(activatesAt),
});
const at = (iso: string) => new Date(iso);
const kept = RETIRED_KEY_KEPT_SECONDS * 1000;

describe('keySetAt: which key signs and which are published', () => {
  const first = key('first', '2026-01-01T00:00:00Z');
  const next = key('next', '2026-03-01T00:00:00Z');

  it('has nothing to sign with before any key has begun', () => {
    expect(keySetAt([], at('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(keySetAt([next], at('2026-02-01T00:00:00Z'))).toBeUndefined();
  });

  it('publishes a key that has not begun, for verifying only, and signs with the one that has', () => {
    const set = keySetAt([first, next], at('2026-02-28T23:59:59Z'));
    expect(set?.active).toBe('first');
    expect(set?.keys.map((k) => [k.kid, k.key_ops])).toEqual([
      ['first', undefined],
      ['next', ['verify']],
    ]);
  });

  it('switches when the next key begins, keeping the old one published while its tokens live', () => {
    const switched = keySetAt([first, next], at('2026-03-01T00:00:00Z'));
    expect(switched?.active).toBe('next');
    expect(switched?.keys.map((k) => [k.kid, k.key_ops])).toEqual([
      ['next', undefined],
      ['first', ['verify']],
    ]);
    const lastMoment = new Date(next.activatesAt.getTime() + kept - 1);
    expect(keySetAt([first, next], lastMoment)?.keys).toHaveLength(2);
    const gone = new Date(next.activatesAt.getTime() + kept);
    expect(keySetAt([first, next], gone)?.keys.map((k) => k.kid)).toEqual(['next']);
  });

  it('changes its fingerprint exactly when what is published or what signs changes', () => {
    const before = keySetAt([first, next], at('2026-02-01T00:00:00Z'))?.fingerprint;
    expect(keySetAt([first, next], at('2026-02-15T00:00:00Z'))?.fingerprint).toBe(before);
    expect(keySetAt([first, next], at('2026-03-01T00:00:00Z'))?.fingerprint).not.toBe(before);
    expect(keySetAt([first], at('2026-02-01T00:00:00Z'))?.fingerprint).not.toBe(before);
  });
});
