import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './this-machine';

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
