import { Hono } from 'hono';
import { safeEqual } from '../../crypto/tokens';
import type { AppEnv } from '../../http/context';
import type { Metrics } from './metrics';

/**
 * GET /metrics in Prometheus text format; with METRICS_TOKEN set, only for `Authorization: Bearer
 * <token>`. Only under that exact path as sent: a proxy that hides `/metrics` (deploy/Caddyfile)
 * matches it as written, and `/%6detrics` or `/./metrics`, which the URL parser reads as
 * `/metrics`, must not get past it.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined) {
  return new Hono<AppEnv>().get('/', async (c) => {
    if ((c.env.incoming.url ?? '').split('?', 1)[0] !== '/metrics') return c.notFound();
    if (token) {
      const given = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
      if (!safeEqual(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.text('Unauthorized', 401);
      }
    }
    c.header('Content-Type', metrics.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.render());
  });
}
