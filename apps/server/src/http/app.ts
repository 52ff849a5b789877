import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { CoreDeps } from '../deps';
import { AppError } from '../errors';
import { createAccountsModule } from '../modules/accounts/module';
import type { AccountsOptionsInput } from '../modules/accounts/options';
import { createAdminModule } from '../modules/admin/module';
import { type ClientsModule, createClientsModule } from '../modules/clients/module';
import { createDeveloperModule } from '../modules/developer/module';
import { createDevMailbox } from '../modules/mail/dev-mailbox';
import { createOutboxRepo } from '../modules/mail/repo';
import { DEV_MAILBOX_PATH, devMailboxEnabled, devMailboxRoutes } from '../modules/mail/routes';
import type { Metrics } from '../modules/metrics/metrics';
import { metricsRoutes } from '../modules/metrics/routes';
import type { OAuthEngine } from '../modules/oauth/engine';
import { endEngineSessionsOf } from '../modules/oauth/engine-sessions';
import { createOAuthModule } from '../modules/oauth/module';
import { createProfilesModule } from '../modules/profiles/module';
import { createSecurityEventsRepo } from '../modules/security/repo';
import { securityEventsRoutes } from '../modules/security/routes';
import { createSecurityEventsService } from '../modules/security/service';
import { createServicesRepo } from '../modules/services/repo';
import { servicesRoutes } from '../modules/services/routes';
import { createServicesService } from '../modules/services/service';
import { createObjectStorage } from '../modules/storage/factory';
import type { ObjectStorage } from '../modules/storage/object-storage';
import { storageRoutes } from '../modules/storage/routes';
import { createAuthGuards } from './auth';
import type { AppEnv } from './context';
import { toErrorResponse } from './error-mapper';
import { healthRoutes } from './health-routes';
import { requestMetrics } from './metrics-middleware';
import { requestContext } from './request-context';
import { securityHeaders } from './security-headers';
import { staticSpa } from './static-spa';

/** JSON bodies are small; uploads have their own, larger limit on their routes. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** Optional hooks and tunables (tests lower limits here; server.ts connects the mail worker). */
export interface AppExtras {
  /** Called when a committed transaction queued mail, so the worker delivers it at once. */
  onMailQueued?: () => void;
  accounts?: AccountsOptionsInput;
  /** The OAuth engine (server.ts mounts its own paths); the app serves consent and connected apps. */
  oauth?: OAuthEngine;
  /** Object storage (server.ts creates it, to close it on stop); by default from the config. */
  storage?: ObjectStorage;
  /** The clients module (server.ts creates it, to start and stop its usage log). */
  clients?: ClientsModule;
  /** Prometheus metrics (server.ts creates them, to count the engine's requests too); none without. */
  metrics?: Metrics;
}

/** Builds the HTTP app from its dependencies (no globals, so tests build their own). */
export function createApp(deps: CoreDeps, extras: AppExtras = {}) {
  const { config, dbHandle, logger } = deps;
  const db = dbHandle.db;
  const app = new Hono<AppEnv>();
  const clients = extras.clients ?? createClientsModule({ db, logger });
  const accounts = createAccountsModule(deps, {
    onMailQueued: extras.onMailQueued,
    options: extras.accounts,
    onSessionsEnded: async (userId) => {
      await endEngineSessionsOf(db, userId);
    },
  });
  // auth.user / auth.verifiedUser guard the routers mounted below.
  const auth = createAuthGuards(accounts.verifier);

  if (extras.metrics) app.use(requestMetrics(extras.metrics));
  app.use(requestContext(logger, config.trustProxy));
  app.use(securityHeaders(config.secureCookies));
  app.use(compress());
  app.onError((err, c) => toErrorResponse(err, c));

  app.route('/', healthRoutes(db));
  if (extras.metrics) app.route('/metrics', metricsRoutes(extras.metrics, config.metricsToken));
  const storage = extras.storage ?? createObjectStorage(config);
  app.route('/storage', storageRoutes(storage));
  const oauth = extras.oauth
    ? createOAuthModule({
        db,
        engine: extras.oauth,
        clients: clients.clients,
        recordUsage: clients.usage.record,
        publicUrl: config.publicUrl,
        secretKey: config.secretKey,
        verifier: accounts.verifier,
        guard: auth.verifiedUser,
      })
    : undefined;
  if (oauth) app.route('/oauth2/consent', oauth.consentRouter());
  // Without SMTP, mail is readable here by loopback clients; never in production.
  if (devMailboxEnabled(config))
    app.route(DEV_MAILBOX_PATH, devMailboxRoutes(createDevMailbox(createOutboxRepo(db))));

  const api = new Hono<AppEnv>();
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('payload_too_large');
    },
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
  api.route('/services', servicesRoutes(createServicesService(createServicesRepo(db))));
  api.route('/auth', accounts.authRouter());
  api.route('/me/session-logs', accounts.sessionLogsRouter(auth.verifiedUser));
  api.route('/me/sessions', accounts.activeSessionsRouter(auth.verifiedUser));
  api.route(
    '/me/security-events',
    securityEventsRoutes(auth.verifiedUser, createSecurityEventsService(createSecurityEventsRepo(db))),
  );
  if (oauth) api.route('/me/connected-apps', oauth.connectedAppsRouter());
  const profiles = createProfilesModule(db, storage, auth.verifiedUser);
  api.route('/me', profiles.meRouter());
  api.route('/profiles', profiles.profilesRouter());
  api.route('/interests', profiles.interestsRouter());
  api.route(
    '/developer',
    createDeveloperModule({ clients: clients.clients, config, storage, guard: auth.verifiedUser }).router(),
  );
  api.route('/admin', createAdminModule({ clients: clients.clients, dataDir: config.dataDir }).router());
  api.all('*', () => {
    throw new AppError('not_found');
  });
  app.route('/api', api);

  app.use(staticSpa(config.webDistDir));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
export type App = ReturnType<typeof createApp>;
