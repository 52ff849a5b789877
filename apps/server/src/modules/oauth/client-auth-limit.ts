import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { createRateLimiter, exceeded, type RateRule } from '../ratelimit';
import { ENGINE_ROUTES } from './engine-constants';

/**
 * Failed client authentications (a wrong secret, a bad private_key_jwt assertion, an unknown
 * client) per app and client address. A secret has 256 bits, so this guards no secret from
 * guessing: it tells whoever keeps failing to stop, as every credential endpoint does. An app
 * server sending a stale secret after a rotation fails long before it reaches this.
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

/**
 * Engine middleware: each failed client authentication is counted in the shared rate_limits
 * table, on the app the request named (every unknown client id on one counter per address); past
 * the budget, that app's failures from that address are answered 429 with the time to wait. A
 * right credential is never refused: a stranger behind the same address (a NAT, an IPv6 /64)
 * cannot lock an app out. The engine's answer is changed in place, so its CORS headers stay and
 * a browser app reads the 429. Only failures touch the database.
 */
export function limitClientAuthentication(deps: { db: Db; rateKey: (req: IncomingMessage) => string }) {
  const limiter = createRateLimiter(deps.db);
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.method !== 'POST' || !AUTHENTICATING.has(ctx.path.toLowerCase().replace(/\/+$/, ''))) return;
    if ((ctx.body as { error?: unknown } | undefined)?.error !== 'invalid_client') return;
    // The engine names the client it found before it checks the credential.
    const app = ctx.oidc?.client?.clientId ?? '-';
    const failures = await limiter.hit(
      `client-auth:${app}:ip:${deps.rateKey(ctx.req)}`,
      CLIENT_AUTH_FAILURES,
    );
    if (!exceeded(failures, CLIENT_AUTH_FAILURES)) return;
    ctx.status = 429;
    ctx.set('Retry-After', String(failures.resetInSeconds));
    ctx.set('Cache-Control', 'no-store');
    const exposed = ctx.response.get('Access-Control-Expose-Headers');
    if (ctx.response.get('Access-Control-Allow-Origin'))
      ctx.set('Access-Control-Expose-Headers', exposed ? `${exposed}, Retry-After` : 'Retry-After');
    ctx.body = {
      error: 'invalid_client',
      error_description: `too many failed client authentications from this address: try again in ${failures.resetInSeconds} seconds`,
    };
  };
}
