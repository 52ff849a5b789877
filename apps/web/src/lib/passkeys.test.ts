import { describe, expect, it } from 'vitest';
import { isIpAddress } from './passkeys';

describe('isIpAddress', () => {
  it('tells an address from a name', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
    expect(isIpAddress('192.168.1.20')).toBe(true);
    expect(isIpAddress('localhost')).toBe(false);
    expect(isIpAddress('id.example.com')).toBe(false);
    expect(isIpAddress('1password.example')).toBe(false);
  });
});
