import { describe, expect, it } from 'vitest';
import { isValidKey } from './object-storage';

describe('isValidKey', () => {
  it('accepts bucket/owner/file keys', () => {
    expect(isValidKey('avatars/5b6c/avatar.png')).toBe(true);
    expect(isValidKey('oauth2-logos/5b6c/1700000000000-logo.webp')).toBe(true);
  });
  it('refuses traversal, absolute paths and stray characters', () => {
    for (const key of [
      '../secret.key',
      'avatars/../secret.key',
      '/etc/passwd',
      'avatars',
      'a\\b/c',
      'avatars/./x',
      'a/b c',
    ])
      expect(isValidKey(key)).toBe(false);
  });
});
