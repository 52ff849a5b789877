import { AppError } from '../../http/app-error';
import { exceeded, exhausted, type RateLimiter, type RateRule, type RateState } from '../ratelimit/limiter';

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

/**
 * Throws 429 if any lockout counter has used up its budget (without counting, one statement for
 * all of them); else returns their states, in the order of the rules.
 */
export async function assertNotLockedOut(
  limiter: RateLimiter,
  rules: [key: string, rule: RateRule][],
): Promise<RateState[]> {
  const states = await limiter.peekMany(rules.map(([key]) => key));
  let wait = 0;
  rules.forEach(([, rule], i) => {
    const state = states[i];
    if (state && exhausted(state, rule)) wait = Math.max(wait, state.resetInSeconds);
  });
  if (wait > 0) throw rateLimited(wait);
  return states;
}

/** Counts a failure on each lockout counter; returns the wait if this failure locked one. */
export async function countFailure(
  limiter: RateLimiter,
  rules: [key: string, rule: RateRule][],
): Promise<number> {
  let wait = 0;
  for (const [key, rule] of rules) {
    const state = await limiter.hit(key, rule);
    if (exhausted(state, rule)) wait = Math.max(wait, state.resetInSeconds);
  }
  return wait;
}
