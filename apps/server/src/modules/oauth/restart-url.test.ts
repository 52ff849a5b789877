import { describe, expect, it } from 'vitest';
import { pushedRestartRedirect, restartUrl } from './restart-url';

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

describe('pushedRestartRedirect', () => {
  const issuer = 'https://id.example';
  it('tells the app at its redirect URI, keeping its own query, the state and the issuer', () => {
    const url = new URL(
      pushedRestartRedirect({ redirect_uri: 'https://app.example/cb?tenant=a', state: 's 1' }, issuer) ?? '',
    );
    expect(url.origin + url.pathname).toBe('https://app.example/cb');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'a',
      error: 'login_required',
      error_description: 'the person switched accounts; send a new authorization request',
      state: 's 1',
      iss: issuer,
    });
  });
  it('answers in the fragment when asked to, and not at all for form_post or without a redirect URI', () => {
    const url = new URL(
      pushedRestartRedirect({ redirect_uri: 'https://app.example/cb', response_mode: 'fragment' }, issuer) ??
        '',
    );
    expect(url.search).toBe('');
    expect(new URLSearchParams(url.hash.slice(1)).get('error')).toBe('login_required');
    expect(
      pushedRestartRedirect({ redirect_uri: 'https://app.example/cb', response_mode: 'form_post' }, issuer),
    ).toBeUndefined();
    expect(pushedRestartRedirect({}, issuer)).toBeUndefined();
  });
});
