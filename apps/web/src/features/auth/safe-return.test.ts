import { describe, expect, it } from 'vitest';
import { returnTarget, safeReturnTo } from './safe-return';

describe('safeReturnTo', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeReturnTo('/dev-program/oauth2')).toBe('/dev-program/oauth2');
    expect(safeReturnTo('/oauth2/consent/abc?x=1')).toBe('/oauth2/consent/abc?x=1');
    expect(safeReturnTo('/oauth2/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example%2Fcb')).toBe(
      '/oauth2/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
    );
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      // Browsers drop tabs and line breaks from URLs: these would become //evil.example.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      // A backslash counts as a slash in http(s) URLs.
      '/\t\\evil.example',
      // Dot segments that leave the path starting '//'.
      '/.//evil.example',
      '/%2e//evil.example',
      '/oauth2/..//evil.example',
      '/./\\evil.example',
    ]) {
      expect(safeReturnTo(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('returnTarget', () => {
  it('leaves for the OAuth engine (a server route) with a full page load', () => {
    const restart = '/oauth2/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=s';
    expect(returnTarget(restart)).toEqual({ path: restart, fullLoad: true });
    expect(returnTarget('/oauth2/logout?x=1')).toEqual({ path: '/oauth2/logout?x=1', fullLoad: true });
  });
  it('keeps the consent screen and every other app route inside the app', () => {
    expect(returnTarget('/oauth2/consent/abc')).toEqual({ path: '/oauth2/consent/abc', fullLoad: false });
    expect(returnTarget('/oauth2/consent?client_id=a')).toEqual({
      path: '/oauth2/consent?client_id=a',
      fullLoad: false,
    });
    expect(returnTarget('/dev-program/oauth2')).toEqual({ path: '/dev-program/oauth2', fullLoad: false });
    expect(returnTarget('/oauth2')).toEqual({ path: '/oauth2', fullLoad: false });
  });
  it('refuses what safeReturnTo refuses, also for engine paths', () => {
    expect(returnTarget('https://evil.example/oauth2/authorize')).toBeNull();
    expect(returnTarget('//evil.example/oauth2/authorize')).toBeNull();
    expect(returnTarget('/\t/evil.example/oauth2/authorize')).toBeNull();
    expect(returnTarget(null)).toBeNull();
  });
});
