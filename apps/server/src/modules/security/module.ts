import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import { createSecurityEventsRepo } from './repo';
import { securityEventsRoutes } from './routes';
import { createSecurityEventsService } from './service';

/** The security activity: other modules record events in their transactions; the owner reads them. */
export function createSecurityModule(deps: { db: Db; guard: MiddlewareHandler<AppEnv> }): ModuleParts {
  const events = createSecurityEventsService(createSecurityEventsRepo(deps.db));
  return { api: [{ path: '/me/security-events', router: securityEventsRoutes(deps.guard, events) }] };
}
