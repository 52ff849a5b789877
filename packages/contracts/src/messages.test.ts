import { describe, expect, it } from 'vitest';
import { loginSchema, signUpFormSchema } from './auth';
import { MESSAGES, ruleMessage, writeMessageKeys } from './messages';
import { identitySchema } from './profile';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);

describe('the failed rules of the shared schemas', () => {
  // One file, one module state: the English default is checked before the switch.
  it('are worded in English by default: the server answers with them', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      MESSAGES.emailRequired,
      MESSAGES.emailInvalid,
      MESSAGES.passwordRequired,
    ]);
    expect(ruleMessage('passwordsDoNotMatch')).toBe('Passwords do not match');
  });

  it('are their message keys once writeMessageKeys ran (the web shows keys in the reader’s language)', () => {
    writeMessageKeys();
    expect(messages(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual(['passwordRequired']);
    const mismatch = signUpFormSchema.safeParse({
      email: 'a@b.co',
      password: 'longenough',
      confirmPassword: 'x',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
    const identity = identitySchema.safeParse({
      full_name: 'A',
      username: 'ab',
      date_of_birth: '1800-01-01',
    });
    expect(messages(identity)).toEqual(['usernameTooShort', 'dateOfBirthInvalid']);
    expect(messages(identitySchema.safeParse({ full_name: 'A', username: 'abc' }))).toEqual([
      'dateOfBirthRequired',
    ]);
  });
});
