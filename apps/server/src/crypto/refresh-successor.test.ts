import { describe, expect, it } from 'vitest';
import { createRefreshSuccessor } from './refresh-successor';

describe('the refresh token that follows another', () => {
  it('is the same for the same token and key, different for another token or key, and token-shaped', () => {
    const next = createRefreshSuccessor('k'.repeat(40));
    expect(next('a')).toBe(next('a'));
    expect(next('a')).not.toBe(next('b'));
    expect(createRefreshSuccessor('j'.repeat(40))('a')).not.toBe(next('a'));
    expect(next('a')).toMatch(/^[\w-]{43}$/);
  });
});
