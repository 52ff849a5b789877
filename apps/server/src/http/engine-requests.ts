import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import type { Metrics } from '../modules/metrics';
import { requestIdFrom } from './request-context';

/** The metrics label of an engine path: one of its routes, or a catch-all (unknown paths stay one label). */
export function engineRouteLabel(pathname: string, routes: readonly string[]): string {
  if (routes.includes(pathname)) return pathname;
  if (pathname.startsWith('/oauth2/authorize/')) return '/oauth2/authorize/:uid';
  return pathname.startsWith('/.well-known/') ? '/.well-known/*' : '/oauth2/*';
}

/**
 * What the Hono middleware does for app requests, for the OAuth engine's (which bypass Hono): a
 * request id in `X-Request-Id` and the log line, and the request metrics.
 */
export function instrumentEngineRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { logger: Logger; metrics: Metrics; route: string; level?: 'debug' | 'info' },
) {
  const header = req.headers['x-request-id'];
  const requestId = requestIdFrom(Array.isArray(header) ? header[0] : header);
  res.setHeader('X-Request-Id', requestId);
  const path = (req.url ?? '/').split('?', 1)[0];
  const started = performance.now();
  res.once('finish', () => {
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.observeRequest(req.method ?? 'GET', deps.route, res.statusCode, seconds);
    deps.logger[deps.level ?? 'info'](
      {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      },
      'request',
    );
  });
}
