import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { createRateLimiter, exhausted, type RateRule } from '../ratelimit';
import { ENGINE_ROUTES } from './engine-constants';

/**
 * Failed client authentications (a wrong secret, a bad private_key_jwt assertion, an unknown
 * client) per client address. A secret has 256 bits, so this guards no secret from guessing: it
 * bounds the work a stranger makes the endpoints do, as every credential endpoint is bounded. An
 * app server sending a stale secret after a rotation fails long before it reaches this.
 */
export const CLIENT_AUTH_FAILURES: RateRule = { points: 60, windowSeconds: 15 * 60 };

/** The endpoints that authenticate the app itself (RFC 6749 §2.3). */
const AUTHENTICATING = new Set<string>([
  ENGINE_ROUTES.token,
  ENGINE_ROUTES.introspection,
  ENGINE_ROUTES.revocation,
  ENGINE_ROUTES.pushed_authorization_request,
  ENGINE_ROUTES.device_authorization,
]);

/** Addresses above this many refused at once: the oldest, expired ones are forgotten first. */
const REMEMBERED = 10_000;

/**
 * Engine middleware: each failed client authentication is counted in the shared rate_limits
 * table; an address whose failures used up the budget is refused (429, before the engine checks
 * anything, the right secret included) until the window ends. Only failures touch the database, so
 * the token endpoint's successful requests cost nothing more. The refusal is remembered by the
 * instance that counted the last failure: another instance refuses the address at its own next
 * failure, so one more check per instance at most.
 */
export function limitClientAuthentication(deps: {
  db: Db;
  rateKey: (req: IncomingMessage) => string;
  now?: () => number;
}) {
  const limiter = createRateLimiter(deps.db);
  const now = deps.now ?? Date.now;
  const refusedUntil = new Map<string, number>();
  const remember = (key: string, until: number) => {
    if (refusedUntil.size >= REMEMBERED)
      for (const [k, at] of refusedUntil)
        if (at <= now() || refusedUntil.size >= REMEMBERED) refusedUntil.delete(k);
    refusedUntil.set(key, until);
  };
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || !AUTHENTICATING.has(ctx.path.toLowerCase().replace(/\/+$/, ''))) {
      await next();
      return;
    }
    const key = `client-auth:ip:${deps.rateKey(ctx.req)}`;
    const wait = Math.ceil(((refusedUntil.get(key) ?? 0) - now()) / 1000);
    if (wait > 0) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        error: 'invalid_client',
        error_description: `too many failed client authentications from this address: try again in ${wait} seconds`,
      };
      return;
    }
    refusedUntil.delete(key);
    await next();
    if ((ctx.body as { error?: unknown } | undefined)?.error !== 'invalid_client') return;
    const failures = await limiter.hit(key, CLIENT_AUTH_FAILURES);
    if (exhausted(failures, CLIENT_AUTH_FAILURES)) remember(key, now() + failures.resetInSeconds * 1000);
  };
}
