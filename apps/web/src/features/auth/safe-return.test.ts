import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return';

describe('safeReturnTo', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeReturnTo('/dev-program/oauth2')).toBe('/dev-program/oauth2');
    expect(safeReturnTo('/oauth2/consent/abc?x=1')).toBe('/oauth2/consent/abc?x=1');
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });
});
