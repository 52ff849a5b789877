import { describe, expect, it } from 'vitest';
import { cookieValue } from '../crypto/browser-session';
import { ownCookie, singleCookie } from './cookies';

describe("Omnia's own cookies", () => {
  it('are __Host- cookies sent to the whole site over https, and path-scoped plain ones over http', () => {
    expect(ownCookie('refresh', true)).toEqual({ name: '__Host-omnia_refresh', path: '/' });
    expect(ownCookie('refresh', false)).toEqual({ name: 'omnia_refresh', path: '/api/auth' });
    expect(ownCookie('browserSession', true)).toEqual({ name: '__Host-omnia_engine', path: '/' });
  });

  it('are matched by their exact name: a no-break space before it makes another cookie', () => {
    const own = '__Host-omnia_engine';
    // Node reads a header's 0xA0 byte as U+00A0; any host may set a cookie so named.
    const planted = `\u00a0${own}=planted; ${own}=real`;
    expect(singleCookie(planted, own)).toBe(true);
    expect(cookieValue(planted, own)).toBe('real');
    expect(cookieValue(`\u00a0${own}=planted`, own)).toBeUndefined();
    // Spaces and tabs around a part are the header's own separators.
    expect(singleCookie(` ${own}=a;\t${own}=b`, own)).toBe(false);
  });
});
