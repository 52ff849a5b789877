import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { AppError } from '../errors';
import type { Metrics } from '../modules/metrics';
import type { AppEnv } from './context';

const LOGIN_ROUTE = '/api/auth/login';

/**
 * Counts and times every request under the pattern of the route that answered it (`/api/users/:id`,
 * `/storage/*`), never the raw URL, so label values stay few. Password logins also count by outcome.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routePath(c);
    metrics.observeRequest(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    if (c.req.method === 'POST' && route === LOGIN_ROUTE) {
      const outcome = c.res.status < 400 ? 'success' : c.error instanceof AppError ? c.error.code : 'error';
      metrics.loginOutcome(outcome);
    }
  };
}
