import type { MessageKey } from '@omnia/contracts';
import { AppError } from '../../errors';
import { exceeded, type RateLimiter } from './limiter';
import type { RateRule } from './types';

/** "in 42 seconds" / "in 15 minutes": when a locked-out person may try again. */
export function retryPhrase(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** 429 with the time to wait; said in the catalogue's words of `messageKey` when a limit has its own. */
export function rateLimited(retryAfterSeconds: number, messageKey?: MessageKey): AppError {
  return new AppError('rate_limited', {
    ...(messageKey
      ? { messageKey }
      : { message: `Too many attempts. Please try again ${retryPhrase(retryAfterSeconds)}.` }),
    retryAfterSeconds,
  });
}

/** Counts one request against each quota; throws 429 (said as `messageKey`) if any is over its budget. */
export async function consumeQuotas(
  limiter: RateLimiter,
  quotas: [key: string, rule: RateRule][],
  messageKey?: MessageKey,
): Promise<void> {
  let wait = 0;
  for (const [key, rule] of quotas) {
    const state = await limiter.hit(key, rule);
    if (exceeded(state, rule)) wait = Math.max(wait, state.resetInSeconds);
  }
  if (wait > 0) throw rateLimited(wait, messageKey);
}
