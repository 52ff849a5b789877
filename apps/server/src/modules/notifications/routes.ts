import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { NotificationsService } from './service';

/** /api/me/notifications: the caller's notices, and marking one or all of them read. */
export function notificationsRoutes(guard: MiddlewareHandler<AppEnv>, notifications: NotificationsService) {
  return new Hono<AppEnv>()
    .use(guard)
    .get('/', async (c) => c.json(await notifications.list(c.get('userId'))))
    .post('/read-all', async (c) => c.json(await notifications.readAll(c.get('userId'))))
    .post('/:id/read', async (c) => c.json(await notifications.read(c.get('userId'), c.req.param('id'))));
}
