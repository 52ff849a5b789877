import { describe, expect, it } from 'vitest';
import { devMailboxEnabled } from './routes';

describe('devMailboxEnabled', () => {
  it('is on without SMTP outside production only', () => {
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'development' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'test' })).toBe(true);
    expect(devMailboxEnabled({ smtpUrl: undefined, env: 'production' })).toBe(false);
    expect(devMailboxEnabled({ smtpUrl: 'smtp://relay:587', env: 'development' })).toBe(false);
  });
});
