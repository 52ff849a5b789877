import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { identitySchema, isValidBirthDate } from './profile';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('isValidBirthDate', () => {
  it.each(['1900-01-01', '1990-12-10', '2000-02-29', '2026-11-23'])('accepts %s', (date) => {
    expect(isValidBirthDate(date, NOW)).toBe(true);
  });
  it.each([
    '1990-02-31',
    '1990-02-30',
    '1900-02-29',
    '1990-06-31',
    '1990-13-01',
    '1990-00-01',
    '1990-01-00',
    '0000-01-01',
    '1899-12-31',
    '2026-11-25',
    '9999-12-31',
    '1990-1-1',
    '1990-01-01T00:00:00Z',
    '',
  ])('refuses %s', (date) => {
    expect(isValidBirthDate(date, NOW)).toBe(false);
  });
  it("accepts UTC's tomorrow only while it is already today somewhere (UTC+14)", () => {
    expect(isValidBirthDate('2026-11-24', NOW)).toBe(true);
    expect(isValidBirthDate('2026-11-24', Date.parse('2026-11-23T09:00:00Z'))).toBe(false);
  });
});

describe('identitySchema date_of_birth', () => {
  const base = { full_name: 'Ada', username: 'ada', bio: '' };
  const messageFor = (date_of_birth: unknown) => {
    const result = identitySchema.safeParse({ ...base, date_of_birth });
    return result.success ? null : result.error.issues.find((i) => i.path[0] === 'date_of_birth')?.message;
  };
  it('says required when missing or empty, invalid for anything else that is not a real date', () => {
    expect(messageFor(undefined)).toBe(MESSAGES.dateOfBirthRequired);
    expect(messageFor('')).toBe(MESSAGES.dateOfBirthRequired);
    expect(messageFor('1990-02-31')).toBe(MESSAGES.dateOfBirthInvalid);
    expect(messageFor(19900101)).toBe(MESSAGES.dateOfBirthInvalid);
    expect(messageFor('1990-02-28')).toBeNull();
  });
});

describe('reserved usernames', () => {
  const identity = (username: string) =>
    identitySchema.safeParse({ full_name: 'Ada', username, date_of_birth: '1990-01-01' });
  it.each(['admin', 'Admin', 'ROOT', 'support', 'Security', 'omnia', ' Omnia '])('refuses %s', (name) => {
    const parsed = identity(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.usernameReserved);
  });
  it.each(['ada_admin', 'omnia.fan', 'supporter', 'rooted'])('accepts %s', (name) => {
    expect(identity(name).success).toBe(true);
  });
});
