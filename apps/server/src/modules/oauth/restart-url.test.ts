import { describe, expect, it } from 'vitest';
import { restartUrl } from './restart-url';

describe('restartUrl', () => {
  it('rebuilds the request without prompt=login and max_age, keeping every other parameter', () => {
    const url = restartUrl('/oauth2/authorize', {
      client_id: 'c1',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope: 'openid email',
      state: 's t',
      prompt: 'login consent',
      max_age: 0,
      nonce: undefined,
      claims: { userinfo: { name: { essential: true } } },
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      client_id: 'c1',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope: 'openid email',
      state: 's t',
      prompt: 'consent',
      claims: '{"userinfo":{"name":{"essential":true}}}',
    });
  });

  it('drops prompt altogether when it only asked for a sign-in', () => {
    expect(restartUrl('/a', { client_id: 'c', prompt: 'login' })).toBe('/a?client_id=c');
  });
});
