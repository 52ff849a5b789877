import {
  type ApiListResponse,
  type ApiResponse,
  allowAppSchema,
  createApiSchema,
  deleteApiSchema,
  updateApiSchema,
} from '@omnia/contracts/apis';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import type { ApisService } from './service';

/**
 * /api/developer/apis: the caller's own APIs; anyone else's answer 404. What changes who may call
 * an API, or its secret, asks for a fresh sign-in (step-up), as an app's changes do.
 */
export function apisRoutes({
  guard,
  fresh,
  apis,
}: {
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  apis: ApisService;
}) {
  return new Hono<AppEnv>()
    .get('/', guard, async (c) => {
      const body: ApiListResponse = { apis: await apis.list(c.get('userId')) };
      return c.json(body);
    })
    .post('/', guard, async (c) => {
      const input = await parseJson(c, createApiSchema);
      return c.json(await apis.create(c.get('userId'), input), 201);
    })
    .get('/:id', guard, async (c) => {
      const body: ApiResponse = { api: await apis.get(c.get('userId'), c.req.param('id')) };
      return c.json(body);
    })
    .patch('/:id', guard, fresh, async (c) => {
      const input = await parseJson(c, updateApiSchema);
      const body: ApiResponse = { api: await apis.update(c.get('userId'), c.req.param('id'), input) };
      return c.json(body);
    })
    .delete('/:id', guard, fresh, async (c) => {
      const { confirm } = await parseJson(c, deleteApiSchema);
      await apis.remove(c.get('userId'), c.req.param('id'), confirm);
      return c.body(null, 204);
    })
    .post('/:id/rotate-secret', guard, fresh, async (c) =>
      c.json(await apis.rotate(c.get('userId'), c.req.param('id'))),
    )
    .put('/:id/access', guard, fresh, async (c) => {
      const input = await parseJson(c, allowAppSchema);
      const body: ApiResponse = { api: await apis.allow(c.get('userId'), c.req.param('id'), input) };
      return c.json(body);
    })
    .delete('/:id/access/:clientId', guard, fresh, async (c) => {
      const body: ApiResponse = {
        api: await apis.disallow(c.get('userId'), c.req.param('id'), c.req.param('clientId')),
      };
      return c.json(body);
    });
}
