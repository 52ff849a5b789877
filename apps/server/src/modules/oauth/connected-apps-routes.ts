import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ConnectedApps } from './connected-apps';

/** /api/me/connected-apps: the apps the caller authorized, and Revoke (grant and its tokens). */
export function connectedAppsRoutes(deps: { guard: MiddlewareHandler<AppEnv>; apps: ConnectedApps }) {
  return new Hono<AppEnv>()
    .use(deps.guard)
    .get('/', async (c) => c.json(await deps.apps.list(c.get('userId'))))
    .delete('/:clientId', async (c) => {
      await deps.apps.revoke(c.get('userId'), c.req.param('clientId'), { ip: c.get('clientIp') ?? null });
      return c.body(null, 204);
    });
}
