import { describe, expect, it } from 'vitest';
import { resolveAccountsOptions, signupsPerIp, verificationsPerIp } from './options';

describe('per-address budgets', () => {
  it('lets an address verify every account it may sign up, never fewer than 200 an hour', () => {
    expect(resolveAccountsOptions().limits.signupPerIp).toEqual(signupsPerIp(100));
    expect(resolveAccountsOptions().limits.verifyPerIp.points).toBe(200);
    expect(verificationsPerIp(50).points).toBe(200);
    expect(verificationsPerIp(1000)).toEqual({ points: 2000, windowSeconds: 3600 });
  });
});
