import { describe, expect, it } from 'vitest';
import { readLoginParams } from './login-params';

const read = (query: string) => readLoginParams(new URLSearchParams(query));

describe('readLoginParams', () => {
  it('goes to the dashboard by default, or to a safe returnTo', () => {
    expect(read('').target).toEqual({ path: '/dashboard', fullLoad: false });
    expect(read('returnTo=https://evil.example').target).toEqual({ path: '/dashboard', fullLoad: false });
    expect(read('returnTo=/oauth2/consent/abc').target).toEqual({
      path: '/oauth2/consent/abc',
      fullLoad: false,
    });
    expect(read('next=/settings').target).toEqual({ path: '/settings', fullLoad: false });
  });

  it('leaves for an authorization restart with a full page load', () => {
    const restart = '/oauth2/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&state=s';
    expect(read(`returnTo=${encodeURIComponent(restart)}`).target).toEqual({ path: restart, fullLoad: true });
  });

  it('prefills the e-mail from a login_hint that is an e-mail address only', () => {
    expect(read('login_hint=bob%40example.test').email).toBe('bob@example.test');
    expect(read('login_hint=%20bob%40example.test%20').email).toBe('bob@example.test');
    for (const hint of [
      'bob',
      '12345',
      'bob@example',
      'a b@example.test',
      `${'x'.repeat(250)}@example.test`,
    ]) {
      expect(read(`login_hint=${encodeURIComponent(hint)}`).email, hint).toBe('');
    }
    expect(read('').email).toBe('');
  });

  it('takes lng when it is a language the screens speak', () => {
    expect(read('lng=fr').lng).toBe('fr');
    expect(read('lng=de').lng).toBe('de');
    for (const lng of ['', 'pt', 'FR', 'fr-CA', 'en;x']) expect(read(`lng=${lng}`).lng, lng).toBeUndefined();
  });
});
