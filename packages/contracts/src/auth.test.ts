import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth';
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
