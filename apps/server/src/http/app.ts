import { API } from '@omnia/contracts';
import { DEVELOPER_API } from '@omnia/contracts/developer';
import { type Context, Hono } from 'hono';
import type { Composition } from '../compose';
import { isConcurrentChange } from '../db/errors';
import { unstorableText } from '../db/unstorable-text';
import type { CoreDeps } from '../deps';
import { AppError } from '../errors';
import { requestLogLevel } from '../logger';
import { apiBodyLimit, JSON_BODY_LIMIT } from './api-body-limit';
import { compress } from './compress';
import type { AppEnv } from './context';
import { toErrorResponse } from './error-mapper';
import { healthRoutes } from './health-routes';
import { requestMetrics } from './metrics-middleware';
import { requestContext } from './request-context';
import { securityHeaders } from './security-headers';
import { staticSpa } from './static-spa';

/**
 * The routes that take a picture (multipart, storage's pictureUpload limit). Any other route reads
 * its body as JSON whatever its Content-Type says, so it is held to the JSON limit.
 */
const UPLOAD_PATHS = new Set<string>([API.me.avatar, DEVELOPER_API.logos]);

/**
 * The HTTP app (everything but the OAuth engine's own paths): the middleware every request passes,
 * then each module's routers (compose.ts built them), the API's 404, and the web app.
 */
export function createApp(deps: CoreDeps, composition: Composition) {
  const { config, dbHandle, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestMetrics(composition.metrics));
  app.use(requestContext(logger, config.addressing, requestLogLevel(config.env)));
  app.use(securityHeaders(config.secureCookies));
  app.use(compress());
  app.onError(async (err, c) => toErrorResponse(await collidedMeanwhile(err, c, composition.sessionLive), c));

  app.route('/', healthRoutes(dbHandle.db));
  for (const { path, router } of composition.modules.flatMap((m) => m.site ?? [])) app.route(path, router);

  const api = new Hono<AppEnv>();
  const jsonLimit = apiBodyLimit(JSON_BODY_LIMIT, () => {
    throw new AppError('payload_too_large');
  });
  // Every API answer is personal or says something of a session: never kept by a cache, a refused
  // body's answer included.
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // A refused body is left unread, so the connection cannot carry another request: say so, or the
  // client (or a pooling proxy) sends its next request down a closing socket (ECONNRESET, a 502).
  api.use(async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set('Connection', 'close');
  });
  // Uploads (multipart) enforce their own, larger limit on their routes.
  api.use((c, next) =>
    c.req.method === 'POST' &&
    UPLOAD_PATHS.has(c.req.path) &&
    c.req.header('content-type')?.startsWith('multipart/form-data')
      ? next()
      : jsonLimit(c, next),
  );
  // A path naming something by text PostgreSQL cannot hold (a NUL, a broken surrogate) names
  // nothing: no route sends it on to a query.
  api.use(async (c, next) => {
    if (unstorableText(pathText(c.req.path))) throw new AppError('not_found');
    await next();
  });
  for (const { path, router } of composition.modules.flatMap((m) => m.api ?? [])) api.route(path, router);
  api.all('*', () => {
    throw new AppError('not_found');
  });
  app.route('/api', api);

  app.use(staticSpa(config.webDistDir));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

/** A request path as its routes read their parameters (percent-decoded), or as sent if malformed. */
function pathText(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A request that collided with a concurrent change (a row deleted under its write, a deadlock
 * PostgreSQL broke by failing it): when its session has ended by then (the account was deleted
 * while it ran) the person is signed out (401); otherwise it answers 409 changed_meanwhile, which
 * asks them to reload and try again, and is logged. Never a 500 for something nobody did wrong.
 */
async function collidedMeanwhile(
  err: unknown,
  c: Context<AppEnv>,
  sessionLive: Composition['sessionLive'],
): Promise<unknown> {
  if (!isConcurrentChange(err)) return err;
  const userId = c.get('userId');
  const sessionId = c.get('sessionId');
  if (userId && sessionId && !(await sessionLive(sessionId, userId).catch(() => true)))
    return new AppError('unauthenticated', { cause: err });
  c.get('logger')?.warn({ err, requestId: c.get('requestId') }, 'request collided with a concurrent change');
  return new AppError('changed_meanwhile', { cause: err });
}
