import { describe, expect, it } from 'vitest';
import { cookieValue, createBrowserSessionSigner } from './browser-session';

const session = {
  sessionId: '7d2c1a4e-1f0b-4c55-9d1a-0c6f1e2b3a4d',
  userId: '0b7e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4',
};

describe('browser session cookie', () => {
  it('verifies what it signed and refuses changes, other keys and junk', () => {
    const signer = createBrowserSessionSigner('k'.repeat(40));
    const value = signer.sign(session);
    expect(signer.verify(value)).toEqual(session);
    const otherUser = value.replace(session.userId, '1b7e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4');
    expect(signer.verify(otherUser)).toBeUndefined();
    expect(createBrowserSessionSigner('x'.repeat(40)).verify(value)).toBeUndefined();
    for (const junk of [
      undefined,
      '',
      'a.b.c',
      `${value}.x`,
      `${session.sessionId}.${session.userId}.`,
      'x'.repeat(300),
    ])
      expect(signer.verify(junk)).toBeUndefined();
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieValue('a=1; omnia_engine=v%2E1; b=2', 'omnia_engine')).toBe('v.1');
    expect(cookieValue('xomnia_engine=1', 'omnia_engine')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('a=%E0%A4%A', 'a')).toBeUndefined();
  });
});
