import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import { createNotificationsRepo } from './repo';
import { notificationsRoutes } from './routes';
import { createNotificationsService } from './service';

/**
 * The notification centre: other modules write notices in their transactions (through
 * `createNotificationsRepo(trx).add`); the owner reads them and marks them read.
 */
export function createNotificationsModule(deps: { db: Db; guard: MiddlewareHandler<AppEnv> }) {
  const notifications = createNotificationsService(createNotificationsRepo(deps.db));
  const parts: ModuleParts = {
    api: [{ path: '/me/notifications', router: notificationsRoutes(deps.guard, notifications) }],
  };
  return { ...parts, notifications };
}
