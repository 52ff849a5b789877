import { webhookSchema } from '@omnia/contracts/webhooks';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import { isUuid } from '../../ids';
import type { WebhooksService } from './service';

interface Deps {
  guard: MiddlewareHandler<AppEnv>;
  /** A proof no older than ten minutes (step-up): the endpoint and its secret, after the guard. */
  fresh: MiddlewareHandler<AppEnv>;
  /** The client_id of an app (by its id) the person may manage; undefined for anyone else's. */
  appOf: (userId: string, id: string) => Promise<string | undefined>;
  webhooks: WebhooksService;
}

/** /api/developer/clients/:id/webhook: an app's webhook and its deliveries; anyone else's answer 404. */
export function webhookRoutes({ guard, fresh, appOf, webhooks }: Deps) {
  const app = async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    const clientId = isUuid(id) ? await appOf(c.get('userId'), id) : undefined;
    if (!clientId) throw new AppError('not_found');
    return clientId;
  };
  /** The app's id from the URL, for a change (the clients module checks who manages it). */
  const appId = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw new AppError('not_found');
    return id;
  };
  return new Hono<AppEnv>()
    .get('/clients/:id/webhook', guard, async (c) => c.json(await webhooks.get(await app(c))))
    .put('/clients/:id/webhook', guard, fresh, async (c) => {
      const id = appId(c);
      const input = await parseJson(c, webhookSchema);
      return c.json(await webhooks.save(c.get('userId'), id, input));
    })
    .delete('/clients/:id/webhook', guard, fresh, async (c) => {
      await webhooks.remove(c.get('userId'), appId(c));
      return c.body(null, 204);
    })
    .post('/clients/:id/webhook/rotate-secret', guard, fresh, async (c) =>
      c.json(await webhooks.rotateSecret(c.get('userId'), appId(c))),
    )
    .get('/clients/:id/webhook/deliveries', guard, async (c) =>
      c.json(await webhooks.deliveries(await app(c))),
    )
    .post('/clients/:id/webhook/deliveries/:delivery/resend', guard, async (c) => {
      await webhooks.resend(await app(c), c.req.param('delivery'));
      return c.body(null, 202);
    })
    .post('/clients/:id/webhook/test', guard, async (c) => {
      await webhooks.test(await app(c));
      return c.body(null, 202);
    });
}
