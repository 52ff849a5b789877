import { LANGUAGES } from '@omnia/contracts';
import { describe, expect, it } from 'vitest';
import { accountLockedEmail, passwordResetEmail, verificationEmail } from '../../accounts/emails';
import { en } from './en';
import { fill, languageFromHeader, MAIL_STRINGS } from './index';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const leaves = (catalogue: object) =>
  Object.entries(catalogue).flatMap(([group, texts]) =>
    Object.entries(texts as Record<string, unknown>).map(([key, text]) => [`${group}.${key}`, text] as const),
  );

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s e-mail catalogue', (lng) => {
  const theirs = new Map(leaves(MAIL_STRINGS[lng]));
  const english = new Map(leaves(en));

  it('has exactly the English keys, none empty, with the same placeholders', () => {
    expect([...english.keys()].filter((k) => !theirs.has(k))).toEqual([]);
    expect([...theirs.keys()].filter((k) => !english.has(k))).toEqual([]);
    for (const [key, text] of english) {
      const other = theirs.get(key);
      expect(typeof other === 'string' && other.trim() !== '', `${lng}: ${key} is empty`).toBe(true);
      expect(placeholders(other as string), `${lng}: ${key} placeholders`).toEqual(
        placeholders(text as string),
      );
      expect(other, `${lng}: ${key} is still English`).not.toBe(text);
    }
  });
});

describe('e-mail texts', () => {
  it('keeps the English wording', () => {
    const mail = passwordResetEmail('a@example.test', 'https://x.test/r', 'en');
    expect(mail.subject).toBe('Reset your Omnia password');
    expect(mail.text).toContain(
      'We received a request to reset the password of the Omnia account for a@example.test.',
    );
    expect(mail.text).toContain('Choose a new password: https://x.test/r');
    expect(mail.text).toContain('Omnia: one account for all your services.');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('writes the whole message, frame included, in the chosen language', () => {
    const mail = verificationEmail('a@example.test', 'https://x.test/v', 'de');
    expect(mail.subject).toBe('Bestätigen Sie Ihr Omnia-Konto');
    expect(mail.text).toContain('E-Mail-Adresse bestätigen: https://x.test/v');
    expect(mail.text).toContain('Omnia: ein Konto für alle Ihre Dienste.');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert');
    expect(mail.html).not.toMatch(/one account for all|If the button/);
  });

  it('says for how long sign-in is paused, one minute or more, and links to the reset request', () => {
    const mail = accountLockedEmail('a@example.test', 'https://x.test/auth/forgot-password', 15, 'en');
    expect(mail.subject).toBe('Sign-in to your Omnia account is paused');
    expect(mail.text).toContain(
      'After repeated failed attempts to sign in to the Omnia account for a@example.test, sign-in is paused for 15 minutes.',
    );
    expect(mail.text).toContain('If this wasn’t you, reset your password');
    expect(mail.text).toContain('Reset your password: https://x.test/auth/forgot-password');
    expect(accountLockedEmail('a@example.test', 'https://x.test/f', 1, 'en').text).toContain(
      'sign-in is paused for 1 minute.',
    );
    expect(accountLockedEmail('a@example.test', 'https://x.test/f', 1, 'de').text).toContain(
      'für 1 Minute pausiert.',
    );
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(fill('{{product}} {{email}} {{other}}', { email: 'e' })).toBe('Omnia e {{other}}');
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['it, fr-CA;q=0.5', 'fr'],
    ['en;q=0.2, es;q=0.9', 'es'],
    ['fr;q=0, de;q=0.1', 'de'],
    ['*', undefined],
  ])('Accept-Language %j picks %j', (header, lang) => {
    expect(languageFromHeader(header)).toBe(lang);
  });
});
