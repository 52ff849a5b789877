import { loginSchema } from '@omnia/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import i18n, { browserLanguage, catalogueOf, NAMESPACES, setLanguage } from './i18n';
import { errorMessage, fieldError, message } from './messages';

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

describe('catalogueOf', () => {
  it('reads the namespace and language from a catalogue file path', () => {
    expect(catalogueOf('../features/auth/locales/auth.de.ts')).toEqual({ namespace: 'auth', language: 'de' });
    expect(catalogueOf('./locales/messages.en.ts')).toEqual({ namespace: 'messages', language: 'en' });
    expect(catalogueOf('./locales/common.ts')).toBeUndefined();
    expect(catalogueOf('./locales/common.pt.ts')).toBeUndefined();
  });

  it('finds every namespace by its English catalogue', () => {
    expect([...NAMESPACES].sort()).toEqual(
      [
        'activity',
        'apis',
        'auth',
        'common',
        'consent',
        'dashboard',
        'developer',
        'device',
        'errors',
        'factors',
        'footer',
        'identity',
        'landing',
        'legal',
        'members',
        'security',
        'messages',
        'notifications',
        'onboarding',
        'pages',
        'registration',
        'settings',
        'signout',
        'titles',
        'webhooks',
      ].sort(),
    );
  });
});

describe('messages in the current language', () => {
  beforeAll(() => setLanguage('en'));
  afterAll(() => setLanguage('en'));

  it('translates SPEC messages, filling their placeholders', async () => {
    expect(message('claimSuccessBody', { service: 'Voge' })).toBe('You have successfully claimed Voge.');
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(message('claimSuccessBody', { service: 'Voge' })).toBe('Sie haben Voge erfolgreich beansprucht.');
  });

  it('shows a failed rule of the shared schemas by its key, in the current language', async () => {
    const issues = loginSchema.safeParse({ email: '', password: '' }).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['emailRequired', 'emailInvalid', 'passwordRequired']);
    await setLanguage('fr');
    expect(fieldError(issues[0]?.message)).toBe("L'adresse e-mail est obligatoire");
    expect(fieldError('Déjà formulé pour le lecteur')).toBe('Déjà formulé pour le lecteur');
  });

  it('shows what the server said by the catalogue entry it named, else as it wrote it', async () => {
    await setLanguage('fr');
    const named = new ApiError(400, 'validation_failed', {
      description: 'Email is required',
      descriptionKey: 'messages:emailRequired',
    });
    expect(errorMessage(named, 'loginFailure')).toBe("L'adresse e-mail est obligatoire");
    const link = new ApiError(400, 'invalid_token', {
      description: 'This link is invalid or has expired',
      descriptionKey: 'errors:invalid_token',
    });
    expect(errorMessage(link, 'loginFailure')).toBe('Ce lien est invalide ou a expiré');
  });

  it('shows an API error by its code, else the fallback message', async () => {
    await setLanguage('es');
    const known = new ApiError(400, 'invalid_credentials', {
      description: 'Invalid email or password',
      descriptionKey: 'errors:invalid_credentials',
    });
    expect(errorMessage(known, 'loginFailure')).toBe('Correo electrónico o contraseña incorrectos');
    expect(errorMessage('not an error', 'loginFailure')).toBe('No se pudo iniciar sesión');
    // A browser's or a library's own English (a WebAuthn refusal) is never shown: the fallback is.
    expect(errorMessage(new Error('The authenticator was previously registered'), 'loginFailure')).toBe(
      'No se pudo iniciar sesión',
    );
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
    // A limit the server names with its own message is said in those words.
    const named = new ApiError(429, 'rate_limited', {
      description: 'x',
      descriptionKey: 'messages:memberAdditionLimit',
      retryAfterSeconds: 86_400,
    });
    expect(errorMessage(named, 'membersFailure')).toBe(
      'You have added members as often as Omnia allows in a day. Try again later.',
    );
  });
});
