import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './names';

describe('initialsOf', () => {
  it('takes at most two initials from the full name', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('  Plato ')).toBe('P');
  });
  it("falls back to 'U'", () => {
    expect(initialsOf(null)).toBe('U');
    expect(initialsOf('   ')).toBe('U');
  });
});

describe('displayNameOf', () => {
  it("falls back to 'User'", () => {
    expect(displayNameOf('Ada')).toBe('Ada');
    expect(displayNameOf('')).toBe('User');
    expect(displayNameOf(null)).toBe('User');
  });
});
