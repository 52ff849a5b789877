import { securityEventsQuerySchema } from '@omnia/contracts/security';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { parseQuery } from '../../http/validate';
import type { SecurityEventsService } from './service';

/**
 * GET /api/me/security-events?before=<id>&group=<group>: the caller's security activity, newest
 * first, paged, all of it or one group.
 */
export function securityEventsRoutes(guard: MiddlewareHandler<AppEnv>, events: SecurityEventsService) {
  return new Hono<AppEnv>().get('/', guard, async (c) => {
    const query = parseQuery(c, securityEventsQuerySchema);
    return c.json(await events.page(c.get('userId'), query.before ?? null, query.group));
  });
}
