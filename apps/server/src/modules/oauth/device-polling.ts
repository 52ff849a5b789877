import { createHash } from 'node:crypto';
import { DEVICE_CODE_GRANT } from '@omnia/contracts/constants';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { createRateLimiter, exceeded, type RateRule } from '../ratelimit';

/** Seconds a device waits between two polls of the token endpoint (RFC 8628 §3.2 `interval`). */
export const DEVICE_POLL_INTERVAL = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * RFC 8628's polling rules around the engine (which has none): the device authorization response
 * says the interval, and a device that polls again within it while the person has not decided is
 * told `slow_down` (§3.5), counted per device code in the shared rate_limits table, so two
 * instances count one device's polls together.
 */
export function devicePolling(db: Db) {
  const limiter = createRateLimiter(db);
  const rule: RateRule = { points: 1, windowSeconds: DEVICE_POLL_INTERVAL };
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const route = ctx.oidc?.route;
    if (route === 'device_authorization' && ctx.status === 200 && typeof ctx.body === 'object' && ctx.body) {
      ctx.body = { ...ctx.body, interval: DEVICE_POLL_INTERVAL };
      return;
    }
    if (route !== 'token' || ctx.oidc.params?.grant_type !== DEVICE_CODE_GRANT) return;
    const body = ctx.body as { error?: unknown } | undefined;
    if (ctx.status !== 400 || body?.error !== 'authorization_pending') return;
    const polls = await limiter.hit(`device-poll:${sha256(String(ctx.oidc.params.device_code))}`, rule);
    if (exceeded(polls, rule)) {
      ctx.body = {
        error: 'slow_down',
        error_description: `poll at most every ${DEVICE_POLL_INTERVAL} seconds, and ${DEVICE_POLL_INTERVAL} more after each slow_down`,
      };
    }
  };
}
