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

/**
 * Runs `work` on one unit of a quota that only what `work` returns uses up (what an account may
 * create in a day): the unit is reserved before (so creations racing on any instance never pass the
 * budget) and given back when `work` throws (a bad image: nothing was created). A refusal that must
 * still count returns instead of throwing, and its caller refuses after.
 */
export async function spendOnSuccess<T>(
  limiter: RateLimiter,
  quota: [key: string, rule: RateRule],
  messageKey: MessageKey,
  work: () => Promise<T>,
): Promise<T> {
  const reservation = await limiter.reserve([quota]);
  if (!reservation.granted) throw rateLimited(reservation.retryAfterSeconds, messageKey);
  // 'failed' keeps a slot counted: here, something was created.
  let outcome: 'failed' | 'refund' = 'refund';
  try {
    const result = await work();
    outcome = 'failed';
    return result;
  } finally {
    await limiter.settle(reservation.slots.map((slot) => ({ slot, outcome })));
  }
}
