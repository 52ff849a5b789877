import type { MiddlewareHandler } from 'hono';
import { createSecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { Logger } from '../../logger';
import type { ModuleParts } from '../contract';
import { createWebhookDeliveriesRepo } from './deliveries-repo';
import { createEndpointsRepo } from './endpoints-repo';
import { createWebhookEvents, type GrantedApp, type HoldApps } from './events';
import { webhookRoutes } from './routes';
import { type ChangeApp, createWebhooksService } from './service';
import { createWebhookWorker, type WebhookWorkerOptions } from './worker';

/** The box that seals webhook signing secrets at rest. */
const webhookSecretBox = (secretKey: string) => createSecretBox(secretKey, 'webhook-secrets');

/**
 * Webhooks: an app's endpoint and events, managed on its page; the events other modules
 * report (`events`), queued in the database and delivered by this instance's worker.
 */
export function createWebhooksModule(deps: {
  db: Db;
  secretKey: string;
  /** Production: an endpoint on this machine or a private network is never called. */
  production: boolean;
  logger: Logger;
  /** The apps a person has a live consent with, and their scopes (the oauth module), read in `db`. */
  appsOfPerson: (db: Db, userId: string) => Promise<GrantedApp[]>;
  /** Holds apps for a transaction, the client_ids still there (the clients module's holdApps). */
  holdApps: HoldApps;
  /** The client_id of an app (by its id) the person may manage (the clients module). */
  appOf: (userId: string, id: string) => Promise<string | undefined>;
  /** A change of an app's webhook, recorded as a change of the app (the clients module). */
  changeApp: ChangeApp;
  /** The apps a person manages whose webhook was set, changed or re-keyed since then (the clients module). */
  changedSince: (userId: string, since: Date) => Promise<string[]>;
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  worker?: Partial<WebhookWorkerOptions>;
}) {
  const box = webhookSecretBox(deps.secretKey);
  const endpoints = createEndpointsRepo(deps.db);
  const deliveries = createWebhookDeliveriesRepo(deps.db);
  const worker = createWebhookWorker({
    deliveries,
    endpoints,
    box,
    allowLoopback: !deps.production,
    logger: deps.logger,
    options: deps.worker,
  });
  const events = createWebhookEvents({
    db: deps.db,
    kick: worker.kick,
    appsOfPerson: deps.appsOfPerson,
    holdApps: deps.holdApps,
  });
  const webhooks = createWebhooksService({
    endpoints,
    deliveries,
    events,
    box,
    db: deps.db,
    allowLoopback: !deps.production,
    changeApp: deps.changeApp,
    changedSince: deps.changedSince,
  });
  const parts: ModuleParts = {
    api: [
      {
        path: '/developer',
        router: webhookRoutes({ guard: deps.guard, fresh: deps.fresh, appOf: deps.appOf, webhooks }),
      },
    ],
    background: [worker],
  };
  return { ...parts, events, webhooks, worker };
}
