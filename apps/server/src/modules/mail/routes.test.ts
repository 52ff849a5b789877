import { describe, expect, it } from 'vitest';
import { devMailboxEnabled, isLoopbackAddress } from './routes';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2'])(
    '%s is loopback',
    (a) => {
      expect(isLoopbackAddress(a)).toBe(true);
    },
  );
  it.each([
    undefined,
    '',
    '10.0.0.1',
    '192.0.2.2',
    '::ffff:10.0.0.1',
    '::',
    '0.0.0.0',
    '128.0.0.1',
    'fe80::1',
  ])('%s is not', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});

describe('devMailboxEnabled', () => {
  it('is on without SMTP outside production only', () => {
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'development' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'test' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'production' })).toBe(false);
    expect(devMailboxEnabled({ smtpUrl: 'smtp://relay:587', env: 'development' })).toBe(false);
  });
});
