import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from './config';
import { connectDatabase, type DbHandle } from './db/connect';
import { migrate } from './db/migrate';
import type { CoreDeps } from './deps';
import { createHousekeeping } from './housekeeping';
import { type AppExtras, createApp } from './http/app';
import { engineRouteLabel, instrumentEngineRequest } from './http/engine-requests';
import { engineSecurityHeaders } from './http/security-headers';
import { createLogger, type Logger } from './logger';
import { createSessionsRepo } from './modules/accounts/sessions-repo';
import { createClientsModule } from './modules/clients/module';
import { createOutboxRepo } from './modules/mail/repo';
import { createDevSender, createSmtpSender } from './modules/mail/senders';
import { createMailWorker, type MailWorkerOptions } from './modules/mail/worker';
import { createMetrics } from './modules/metrics/metrics';
import { createOAuthEngine } from './modules/oauth/engine';
import { endEngineSessionsOf } from './modules/oauth/engine-sessions';
import { ENGINE_ROUTES } from './modules/oauth/provider';
import { createObjectStorage } from './modules/storage/factory';

/** How long an idle keep-alive connection stays open (see operations.md, load balancers). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface OmniaServer {
  server: Server;
  deps: CoreDeps;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  dbHandle?: DbHandle;
  /** Hard limit for in-flight requests to finish on stop. */
  shutdownTimeoutMs?: number;
  /** Tunables for the app (e.g. lower rate limits in tests). */
  app?: Omit<AppExtras, 'onMailQueued'>;
  mailWorker?: Partial<MailWorkerOptions>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<OmniaServer> {
  const logger = options.logger ?? createLogger(config);
  const dbHandle = options.dbHandle ?? (await connectDatabase(config));
  const applied = await migrate(dbHandle.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps: CoreDeps = { config, dbHandle, logger };
  const outbox = createOutboxRepo(dbHandle.db);
  const metrics = createMetrics({
    outboxDepth: () => outbox.countPending(),
    pool: dbHandle.pool,
    poolMax: config.database.poolSize,
  });
  // The outbox worker delivers mail (SMTP, or the dev mailbox without SMTP_URL) on every instance.
  const mailWorker = createMailWorker({
    repo: outbox,
    sender: config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : createDevSender(logger),
    logger,
    options: options.mailWorker,
  });
  const maintenance = createHousekeeping({ db: dbHandle.db, logger });
  const clients = createClientsModule({ db: dbHandle.db, logger });
  const oauth = await createOAuthEngine({
    db: dbHandle.db,
    logger,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    secureCookies: config.secureCookies,
    recordUsage: clients.usage.record,
    // RP-initiated logout signs the browser out of Omnia as well.
    endBrowserSession: async ({ sessionId, userId }) => {
      await createSessionsRepo(dbHandle.db).revokeSession(sessionId);
      await endEngineSessionsOf(dbHandle.db, userId);
    },
  });
  oauth.provider.on('grant.success', (ctx: KoaContextWithOIDC) =>
    metrics.tokenIssued(String(ctx.oidc.params?.grant_type ?? 'unknown')),
  );
  const storage = createObjectStorage(config);
  const app = createApp(deps, {
    ...options.app,
    oauth,
    clients,
    storage,
    metrics,
    onMailQueued: () => mailWorker.kick(),
  });
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
      instrumentEngineRequest(req, res, { logger, metrics, route: engineRouteLabel(pathname, engineRoutes) });
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
  mailWorker.start();
  maintenance.start();
  clients.usage.start();

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
      await clients.usage.stop();
      await maintenance.stop();
      await mailWorker.stop();
      storage.close();
      await dbHandle.close();
      logger.info('shutdown complete');
    })();
    return stopping;
  };
  return { server, deps, url, stop };
}
