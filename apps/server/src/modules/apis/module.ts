import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import { apisRoutes } from './routes';
import { type AppOfClientId, createApisService } from './service';

/**
 * The APIs module: developers' APIs (oauth2_apis) and the apps allowed to call them
 * (oauth2_api_access). The Developer Program manages them here; the OAuth engine asks it which API
 * a `resource` names and what an app may get of it.
 */
export function createApisModule(deps: {
  db: Db;
  publicUrl: string;
  /** The suite's services' addresses (CloudBliss…): no API takes one of their hosts. */
  suiteAddresses: () => Promise<string[]>;
  appOf: (clientId: string) => Promise<AppOfClientId | undefined>;
  narrowGrants: (trx: Db, identifier: string, keep: readonly string[], clientId?: string) => Promise<void>;
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
}) {
  const apis = createApisService(deps);
  const parts: ModuleParts = {
    api: [{ path: '/developer/apis', router: apisRoutes({ guard: deps.guard, fresh: deps.fresh, apis }) }],
  };
  return { ...parts, apis };
}
