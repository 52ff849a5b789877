import { type Context, Hono } from 'hono';
import type { Composition } from '../compose';
import { isForeignKeyViolation } from '../db/errors';
import { unstorableText } from '../db/unstorable-text';
import type { CoreDeps } from '../deps';
import { AppError } from '../errors';
import { requestLogLevel } from '../logger';
import { apiBodyLimit } from './api-body-limit';
import { compress } from './compress';
import type { AppEnv } from './context';
import { toErrorResponse } from './error-mapper';
import { healthRoutes } from './health-routes';
import { requestMetrics } from './metrics-middleware';
import { requestContext } from './request-context';
import { securityHeaders } from './security-headers';
import { staticSpa } from './static-spa';

/** JSON bodies are small; uploads have their own, larger limit on their routes. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The HTTP app (everything but the OAuth engine's own paths): the middleware every request passes,
 * then each module's routers (compose.ts built them), the API's 404, and the web app.
 */
export function createApp(deps: CoreDeps, composition: Composition) {
  const { config, dbHandle, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestMetrics(composition.metrics));
  app.use(requestContext(logger, config.trustProxy, requestLogLevel(config.env)));
  app.use(securityHeaders(config.secureCookies));
  app.use(compress());
  app.onError(async (err, c) =>
    toErrorResponse(await signedOutMeanwhile(err, c, composition.sessionLive), c),
  );

  app.route('/', healthRoutes(dbHandle.db));
  for (const { path, router } of composition.modules.flatMap((m) => m.site ?? [])) app.route(path, router);

  const api = new Hono<AppEnv>();
  const jsonLimit = apiBodyLimit(JSON_BODY_LIMIT, () => {
    throw new AppError('payload_too_large');
  });
  // A refused body is left unread, so the connection cannot carry another request: say so, or the
  // client (or a pooling proxy) sends its next request down a closing socket (ECONNRESET, a 502).
  api.use(async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set('Connection', 'close');
  });
  // Uploads (multipart) enforce their own, larger limit on their routes.
  api.use((c, next) =>
    c.req.header('content-type')?.startsWith('multipart/form-data') ? next() : jsonLimit(c, next),
  );
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
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
 * A write refused by a foreign key in a request whose session ended meanwhile (the account was
 * deleted while its own request ran): the person is signed out (401), not told of a server fault.
 * Any other such refusal is a fault, answered and logged as one.
 */
async function signedOutMeanwhile(
  err: unknown,
  c: Context<AppEnv>,
  sessionLive: Composition['sessionLive'],
): Promise<unknown> {
  if (!isForeignKeyViolation(err)) return err;
  const userId = c.get('userId');
  const sessionId = c.get('sessionId');
  if (!userId || !sessionId) return err;
  const live = await sessionLive(sessionId, userId).catch(() => true);
  return live ? err : new AppError('unauthenticated', { cause: err });
}
