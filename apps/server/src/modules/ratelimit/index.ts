/*
 * Rate limits and reservations on PostgreSQL rows. No routes: other modules build a limiter on
 * their own handle or transaction (createRateLimiter(trx)), so a count is part of their work.
 */
export {
  createRateLimiter,
  exceeded,
  exhausted,
  type RateLimiter,
  type RateRule,
  type Slot,
} from './limiter';
export { RATE_LIMIT_PURGE_STEPS } from './purge';
export { consumeQuotas, rateLimited, spendOnSuccess } from './quota';
export { settleCtes } from './reserve';
