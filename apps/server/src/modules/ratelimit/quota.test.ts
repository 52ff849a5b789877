import { describe, expect, it } from 'vitest';
import { rateLimited, retryPhrase } from './quota';

describe('retryPhrase', () => {
  it('speaks in seconds under a minute and in whole minutes (rounded up) above', () => {
    expect(retryPhrase(1)).toBe('in 1 second');
    expect(retryPhrase(42)).toBe('in 42 seconds');
    expect(retryPhrase(60)).toBe('in 1 minute');
    expect(retryPhrase(61)).toBe('in 2 minutes');
    expect(retryPhrase(900)).toBe('in 15 minutes');
  });

  it('builds a 429 that says when to try again', () => {
    const err = rateLimited(840);
    expect(err.status).toBe(429);
    expect(err.code).toBe('rate_limited');
    expect(err.retryAfterSeconds).toBe(840);
    expect(err.message).toBe('Too many attempts. Please try again in 14 minutes.');
  });
});
