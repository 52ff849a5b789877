import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  firstSupportedLanguage,
  NOT_FOUND_PAGE,
  negotiateLanguage,
  prerenderedFile,
  webRouteMatcher,
} from './web-routes';

describe('prerenderedFile', () => {
  it('names one file per route and language', () => {
    expect(prerenderedFile('/', 'en')).toBe('prerendered/en/index.html');
    expect(prerenderedFile('/login', 'de')).toBe('prerendered/de/login.html');
    expect(prerenderedFile('/auth/forgot-password', 'fr')).toBe('prerendered/fr/auth/forgot-password.html');
    expect(prerenderedFile(NOT_FOUND_PAGE, 'es')).toBe('prerendered/es/404.html');
  });
});

describe('canonicalPath', () => {
  it('drops trailing slashes and case, as the router ignores them', () => {
    expect(canonicalPath('/LOGIN/')).toBe('/login');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('//')).toBe('/');
    expect(canonicalPath('/auth/Forgot-Password')).toBe('/auth/forgot-password');
  });
});

describe('webRouteMatcher', () => {
  const isRoute = webRouteMatcher([
    '/',
    '/login',
    '/oauth2/consent/:uid',
    '/dev-program/oauth2/clients/:id/stats',
    '/files/*',
  ]);

  it('matches static paths regardless of case and trailing slashes', () => {
    for (const path of ['/', '', '/login', '/login/', '/LOGIN', '/Login//'])
      expect(isRoute(path), path).toBe(true);
  });

  it('matches a parameter as one non-empty segment', () => {
    expect(isRoute('/oauth2/consent/abc-123')).toBe(true);
    expect(isRoute('/dev-program/oauth2/clients/42/stats')).toBe(true);
    expect(isRoute('/oauth2/consent')).toBe(false);
    expect(isRoute('/oauth2/consent/a/b')).toBe(false);
    expect(isRoute('/dev-program/oauth2/clients//stats')).toBe(false);
  });

  it('matches a splat with or without the rest', () => {
    expect(isRoute('/files')).toBe(true);
    expect(isRoute('/files/a/b/c')).toBe(true);
  });

  it('refuses everything else, including near misses and regular-expression characters', () => {
    for (const path of ['/loginx', '/login/extra', '/nope', '/.well-known', '/log.n', '/fil'])
      expect(isRoute(path), path).toBe(false);
  });
});

describe('language negotiation', () => {
  it('takes the first tag Omnia speaks, by base language', () => {
    expect(firstSupportedLanguage(['pt-BR', 'de-CH', 'en'])).toBe('de');
    expect(firstSupportedLanguage(['ja'])).toBe('en');
    expect(firstSupportedLanguage([])).toBe('en');
  });

  it('orders an Accept-Language header by quality', () => {
    expect(negotiateLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLanguage('en;q=0.5, fr;q=0.8, ja')).toBe('fr');
    expect(negotiateLanguage('es-419')).toBe('es');
    expect(negotiateLanguage('ja, zh;q=0.9')).toBe('en');
  });

  it('skips what the browser refuses and survives nonsense', () => {
    expect(negotiateLanguage('fr;q=0, de;q=0.1')).toBe('de');
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage('fr;q=abc, es')).toBe('es');
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('')).toBe('en');
    expect(negotiateLanguage(';;,,')).toBe('en');
  });
});
