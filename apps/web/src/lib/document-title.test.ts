import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('names the screen, then the product, in every language', () => {
    expect(documentTitle('Settings')).toBe('Settings · Omnia');
    expect(documentTitle('Iniciar sesión')).toBe('Iniciar sesión · Omnia');
    expect(documentTitle('Datenschutz')).toBe('Datenschutz · Omnia');
  });

  it('is the product alone when the screen has no name (or is the product)', () => {
    expect(documentTitle()).toBe('Omnia');
    expect(documentTitle(null)).toBe('Omnia');
    expect(documentTitle('   ')).toBe('Omnia');
    expect(documentTitle('Omnia')).toBe('Omnia');
  });

  it('writes a name on one line, without stray spaces', () => {
    expect(documentTitle('  Create\n  account ')).toBe('Create account · Omnia');
  });
});
