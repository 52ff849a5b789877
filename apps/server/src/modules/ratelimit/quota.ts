import { AppError } from '../../errors';
import { exceeded, type RateLimiter } from './limiter';
import type { RateRule } from './types';

/** "in 42 seconds" / "in 15 minutes": when a locked-out person may try again. */
export function retryPhrase(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {
    message: `Too many attempts. Please try again ${retryPhrase(retryAfterSeconds)}.`,
    retryAfterSeconds,
  });
}

/** Counts one request against each quota; throws 429 if any is over its budget. */
export async function consumeQuotas(
  limiter: RateLimiter,
  quotas: [key: string, rule: RateRule][],
): Promise<void> {
  let wait = 0;
  for (const [key, rule] of quotas) {
    const state = await limiter.hit(key, rule);
    if (exceeded(state, rule)) wait = Math.max(wait, state.resetInSeconds);
  }
  if (wait > 0) throw rateLimited(wait);
}
