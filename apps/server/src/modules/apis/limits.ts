import type { Db } from '../../db/connect';
import { createRateLimiter, type RateRule, spendOnSuccess } from '../ratelimit';

/**
 * APIs one account may register in a day: an identifier is its registrant's, nobody else may take
 * it after them, so without a bound one account could claim identifiers by the thousand. Far above
 * what a developer needs; past it, 429 with its own message. A registration refused because its
 * identifier is taken uses its unit all the same (the refusal tells who has one); any other failure
 * gives it back.
 */
const APIS: RateRule = { points: 10, windowSeconds: 24 * 3600 };

/** `register` as one of the account's APIs of the day. */
export const onApiBudget = <T>(db: Db, userId: string, register: () => Promise<T>) =>
  spendOnSuccess(
    createRateLimiter(db),
    [`api-registrations:${userId}`, APIS],
    'apiRegistrationLimit',
    register,
  );
