import { describe, expect, it } from 'vitest';
import { loginHref } from './login-href';

describe('loginHref', () => {
  it('carries the path back, readable', () => {
    expect(loginHref('/oauth2/consent/abc')).toBe('/login?returnTo=/oauth2/consent/abc');
  });
  it('encodes a whole authorization request so it stays one parameter', () => {
    const restart = '/oauth2/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=a&b';
    const href = loginHref(restart);
    expect(new URL(href, 'https://omnia.test').searchParams.get('returnTo')).toBe(restart);
    expect([...new URL(href, 'https://omnia.test').searchParams.keys()]).toEqual(['returnTo']);
  });
  it('adds the login hint and the language when the request has them', () => {
    const href = loginHref('/oauth2/consent/abc', { loginHint: 'bob+1@example.test', lng: 'fr' });
    const params = new URL(href, 'https://omnia.test').searchParams;
    expect(params.get('returnTo')).toBe('/oauth2/consent/abc');
    expect(params.get('login_hint')).toBe('bob+1@example.test');
    expect(params.get('lng')).toBe('fr');
  });
});
