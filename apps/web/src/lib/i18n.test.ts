import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import i18n, { browserLanguage, namespaceOf, setLanguage } from './i18n';
import { errorMessage, message, translateMessage } from './messages';

describe('browserLanguage', () => {
  it('takes the first of the browser languages Omnia speaks', () => {
    expect(browserLanguage(['de-DE', 'en-US'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'fr-CA', 'es'])).toBe('fr');
    expect(browserLanguage(['ES'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(browserLanguage([])).toBe('en');
    expect(browserLanguage(['ja-JP', 'zh'])).toBe('en');
  });
});

describe('namespaceOf', () => {
  it('reads the namespace and language from a translation file path', () => {
    expect(namespaceOf('../features/auth/locales/auth.de.ts')).toEqual(['auth', 'de']);
    expect(namespaceOf('./locales/messages.fr.ts')).toEqual(['messages', 'fr']);
    expect(namespaceOf('./locales/en/common.ts')).toBeUndefined();
  });
});

describe('messages in the current language', () => {
  afterAll(() => setLanguage('en'));

  it('translates SPEC messages, filling {name} placeholders', async () => {
    expect(message('claimSuccessBody', { service: 'Voge' })).toBe('You have successfully claimed Voge.');
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(message('claimSuccessBody', { service: 'Voge' })).toBe('Sie haben Voge erfolgreich beansprucht.');
  });

  it('translates English catalogue texts (zod messages) and leaves others as they are', async () => {
    await setLanguage('fr');
    expect(translateMessage('Email is required')).toBe("L'adresse e-mail est obligatoire");
    expect(translateMessage('Something the server said in detail')).toBe(
      'Something the server said in detail',
    );
  });

  it('shows an API error by its code, else the fallback message', async () => {
    await setLanguage('es');
    const known = new ApiError(400, 'invalid_credentials', { description: 'Invalid email or password' });
    expect(errorMessage(known, 'loginFailure')).toBe('Correo electrónico o contraseña incorrectos');
    expect(errorMessage('not an error', 'loginFailure')).toBe('No se pudo iniciar sesión');
    const detailed = new ApiError(400, 'validation_failed', {
      description: 'Something only the server words',
    });
    expect(errorMessage(detailed, 'loginFailure')).toBe('Something only the server words');
    const locked = new ApiError(429, 'rate_limited', {
      description: 'Too many attempts. Please try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
    expect(errorMessage(locked, 'loginFailure')).toBe(
      'Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos.',
    );
    await setLanguage('en');
    expect(errorMessage(locked, 'loginFailure')).toBe('Too many attempts. Please try again in 15 minutes.');
    const soon = new ApiError(429, 'rate_limited', { description: 'x', retryAfterSeconds: 42 });
    expect(errorMessage(soon, 'loginFailure')).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});
