import type { Db } from '../../db/connect';
import { consumeQuotas, createRateLimiter, type RateRule } from '../ratelimit';

/**
 * APIs one account may register in a day: an identifier is its registrant's, nobody else may take
 * it after them, so without a bound one account could claim identifiers by the thousand. Far above
 * what a developer needs; past it, 429 with its own message.
 */
const APIS: RateRule = { points: 10, windowSeconds: 24 * 3600 };

/** One more API registered by the account. */
export const chargeApiRegistration = (db: Db, userId: string) =>
  consumeQuotas(createRateLimiter(db), [[`api-registrations:${userId}`, APIS]], 'apiRegistrationLimit');
