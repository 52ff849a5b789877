import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const KEY = 'k'.repeat(48);

describe('secret box (AES-256-GCM, HKDF key)', () => {
  it('round-trips text, with a fresh IV each time', () => {
    const box = createSecretBox(KEY, 'test');
    const a = box.seal('hello, wörld');
    const b = box.seal('hello, wörld');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('hello');
    expect(box.open(a)).toBe('hello, wörld');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('detects tampering with the ciphertext, IV or tag', () => {
    const box = createSecretBox(KEY, 'test');
    const sealed = box.seal('secret value');
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const tampered = [...parts];
      const bytes = Buffer.from(tampered[i] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      tampered[i] = bytes.toString('base64url');
      expect(() => box.open(tampered.join('.'))).toThrow();
    }
  });

  it('does not open under another key or another purpose', () => {
    const sealed = createSecretBox(KEY, 'a').seal('x');
    expect(() => createSecretBox(KEY, 'b').open(sealed)).toThrow();
    expect(() => createSecretBox('z'.repeat(48), 'a').open(sealed)).toThrow();
  });

  it('refuses malformed input', () => {
    const box = createSecretBox(KEY, 'test');
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1.a.b', 'v1.a.b.c.d', 'v1.AAAA.AAAA.AAAA']) {
      expect(() => box.open(bad)).toThrow();
    }
  });
});
