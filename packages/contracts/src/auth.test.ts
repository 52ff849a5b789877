import { describe, expect, it } from 'vitest';
import { changeEmailSchema, loginSchema, signUpFormSchema, signUpSchema } from './auth';
import { MESSAGES } from './messages';

const emailIssue = (email: string) =>
  loginSchema.safeParse({ email, password: 'x' }).error?.issues.find((i) => i.path[0] === 'email')?.message;

describe('an e-mail address', () => {
  it.each([
    'someone@example.com',
    'first.last+tag@mail.example.co.uk',
    "o'brien@example.ie",
    'user@bücher.example',
  ])('%s is one', (email) => {
    expect(emailIssue(email)).toBeUndefined();
  });

  it.each([
    'Reset.your.password.at.https://evil.example/r1<victim@example.test>',
    'victim@example.test, other@example.test',
    'victim@example.test;other@example.test',
    '"Omnia Support" victim@example.test',
    'victim@example.test (comment)',
    'vic tim@example.test',
    'victim@exa\u0007mple.test',
    'nobody@localhost',
  ])('%s is not: it would be read as more than one address', (email) => {
    expect(emailIssue(email)).toBe(MESSAGES.emailInvalid);
  });
});

describe('a new address (sign-up, change of address)', () => {
  const issues = (email: string) => [
    signUpSchema.safeParse({ email, password: 'long enough pass' }).error?.issues[0]?.message,
    signUpFormSchema.safeParse({ email, password: 'long enough pass', confirmPassword: 'long enough pass' })
      .error?.issues[0]?.message,
    changeEmailSchema.safeParse({ email, password: 'x' }).error?.issues[0]?.message,
  ];

  it.each([
    'v\u0130ctim@example.test', // İ: the database folds it onto 'i'
    'bob@ban\u212A.test', // the Kelvin sign, folded onto 'k'
    '\u212Bsa@example.test', // the Ångström sign, one spelling of 'Å'
    'ﬁnance@example.test', // a ligature, 'fi' written as one character
    'ｂｏｂ@example.test', // full-width letters
    'victim@example.test.', // the same domain, fully qualified
    'victim@example..test',
    'victim@.example.test',
    'vic..tim@example.test',
    '.victim@example.test',
    'victim.@example.test',
    'user@xn--bcher-kva.example', // bücher.example in its ASCII form
    'victim@exa\u00ADmple.test', // a soft hyphen, dropped on the way to the mail server
    'victim@exam\u200Bple.test', // a zero-width space
    'victim@mail.example\u3002test', // the ideographic full stop, read as a dot
  ])('%s is refused: it is another spelling of an address someone may own', (email) => {
    expect(issues(email)).toEqual([MESSAGES.emailInvalid, MESSAGES.emailInvalid, MESSAGES.emailInvalid]);
  });

  it.each([
    'Bob@Example.test',
    'user@bücher.example',
    'οδυσσευς@example.gr',
    'Åsa@example.se',
    'first.last@mail.example.test',
  ])('%s is one', (email) => {
    expect(issues(email)).toEqual([undefined, undefined, undefined]);
  });

  it('an account of such a spelling from before can still sign in', () => {
    expect(emailIssue('v\u0130ctim@example.test')).toBeUndefined();
  });
});

describe('a password over 256 characters', () => {
  it('is said to be too long, at sign-in and when set', () => {
    const long = 'p'.repeat(257);
    expect(loginSchema.safeParse({ email: 'a@example.test', password: long }).error?.issues[0]?.message).toBe(
      MESSAGES.passwordTooLong,
    );
    expect(
      signUpSchema.safeParse({ email: 'a@example.test', password: long }).error?.issues[0]?.message,
    ).toBe(MESSAGES.passwordTooLong);
  });
});
