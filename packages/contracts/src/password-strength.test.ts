import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_SCORE, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('refuses the most common passwords and says why', () => {
    for (const password of ['password', 'password1', '12345678', 'qwertyuiop', 'iloveyou'])
      expect(passwordStrength(password)).toMatchObject({ problem: 'passwordTooCommon' });
  });

  it('refuses trivially guessable ones: repeats, keyboard rows, sequences', () => {
    for (const password of ['aaaaaaaa', 'abcdefgh', 'asdfghjk', '11111111'])
      expect(passwordStrength(password).problem).not.toBeNull();
  });

  it('refuses a password made of the e-mail address', () => {
    const result = passwordStrength('ada.lovelace', ['ada.lovelace@example.test']);
    expect(result.problem).toBe('passwordHasPersonalInfo');
  });

  it('accepts passphrases and random passwords, with their score', () => {
    for (const password of ['correct horse battery', 'a brand new passphrase', 'Tr0ub4dor&3', 'vK8#qP2!zL']) {
      const result = passwordStrength(password);
      expect(result.problem).toBeNull();
      expect(result.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    }
  });
});
