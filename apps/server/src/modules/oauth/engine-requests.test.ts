import { describe, expect, it } from 'vitest';
import { withOpenIdScope } from './engine-requests';

describe('withOpenIdScope', () => {
  it('adds openid in front of the requested scopes', () => {
    const out = new URL(
      withOpenIdScope('/oauth2/authorize?client_id=a&scope=profile%20email&state=s'),
      'http://x',
    );
    expect(out.searchParams.get('scope')).toBe('openid profile email');
    expect(out.searchParams.get('client_id')).toBe('a');
    expect(out.searchParams.get('state')).toBe('s');
  });
  it('leaves a request that already asks for openid untouched', () => {
    const url = '/oauth2/authorize?scope=openid+email&client_id=a';
    expect(withOpenIdScope(url)).toBe(url);
  });
  it('asks for openid alone when no scope was given', () => {
    const out = new URL(withOpenIdScope('/oauth2/authorize?client_id=a'), 'http://x');
    expect(out.searchParams.get('scope')).toBe('openid');
  });
  it('leaves a scope sent twice as it came, for the engine to refuse', () => {
    const url = '/oauth2/authorize?client_id=a&scope=profile&scope=email';
    expect(withOpenIdScope(url)).toBe(url);
  });
});
