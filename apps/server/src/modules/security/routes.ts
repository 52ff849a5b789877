import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { SecurityEventsService } from './service';

/** GET /api/me/security-events?before=<id>: the caller's security activity, newest first, paged. */
export function securityEventsRoutes(guard: MiddlewareHandler<AppEnv>, events: SecurityEventsService) {
  return new Hono<AppEnv>().get('/', guard, async (c) =>
    c.json(await events.page(c.get('userId'), c.req.query('before') ?? null)),
  );
}
