import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { type ComposeOptions, composeModules } from './compose';
import type { Config } from './config';
import { connectDatabase, type DbHandle } from './db/connect';
import { migrate } from './db/migrate';
import type { CoreDeps } from './deps';
import { createHousekeeping } from './housekeeping';
import { createApp } from './http/app';
import { engineRouteLabel, instrumentEngineRequest } from './http/engine-requests';
import { engineSecurityHeaders } from './http/security-headers';
import { createLogger, type Logger, requestLogLevel } from './logger';
import { ENGINE_ROUTES, type OAuthEngine } from './modules/oauth';

/** How long an idle keep-alive connection stays open (see operations.md, load balancers). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface OmniaServer {
  server: Server;
  deps: CoreDeps;
  url: string;
  /** The OAuth engine's signing keys (the admin command and the timer use them; so do tests). */
  signingKeys: OAuthEngine['keys'];
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  dbHandle?: DbHandle;
  /** Hard limit for in-flight requests to finish on stop. */
  shutdownTimeoutMs?: number;
  /** Tunables of the modules (e.g. lower rate limits in tests). */
  modules?: ComposeOptions;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<OmniaServer> {
  const logger = options.logger ?? createLogger(config);
  const dbHandle = options.dbHandle ?? (await connectDatabase(config, { logger }));
  const applied = await migrate(dbHandle.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps: CoreDeps = { config, dbHandle, logger };
  const composition = await composeModules(deps, options.modules);
  const { engine: oauth, metrics, storage } = composition;
  const maintenance = createHousekeeping({ db: dbHandle.db, logger });
  const app = createApp(deps, composition);
  const honoListener = getRequestListener(app.fetch);
  const engineRoutes = Object.values(ENGINE_ROUTES);
  const engineHeaders = engineSecurityHeaders(config.secureCookies);
  let stopping: Promise<void> | undefined;
  // The OAuth engine gets its paths untouched (no body parser in front of it); the app the rest.
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    // A keep-alive connection whose last request ends during shutdown is closed at once.
    res.once('close', () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (oauth.owns(pathname)) {
      instrumentEngineRequest(req, res, {
        logger,
        metrics,
        route: engineRouteLabel(pathname, engineRoutes),
        level: requestLogLevel(config.env),
      });
      for (const [name, value] of engineHeaders) res.setHeader(name, value);
      oauth.handle(req, res);
    } else void honoListener(req, res);
  };

  // Slow clients (headers or body trickling in) are cut off; the timeouts are checked every second.
  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1_000 },
    listener,
  );
  // Idle keep-alive connections outlive a load balancer's idle timeout (60 s is common), so the
  // balancer closes them first and never sends a request down one the server is closing (a 502).
  // Clients follow the advertised `Keep-Alive: timeout=65`.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info(
    { port, publicUrl: config.publicUrl, database: dbHandle.kind, storage: storage.kind },
    'omnia listening',
  );
  for (const task of composition.background) task.start();
  maintenance.start();

  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down: no new connections, finishing in-flight requests');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = options.shutdownTimeoutMs ?? 10_000;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            server.closeAllConnections();
            resolve();
          }, timeout);
        }),
      ]);
      clearTimeout(timer);
      await maintenance.stop();
      for (const task of [...composition.background].reverse()) await task.stop();
      await dbHandle.close();
      logger.info('shutdown complete');
    })();
    return stopping;
  };
  return { server, deps, url, stop, signingKeys: oauth.keys };
}
