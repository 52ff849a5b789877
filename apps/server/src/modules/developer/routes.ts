import {
  type ClientListResponse,
  type ClientResponse,
  clientSettingsSchema,
  deleteClientSchema,
  registerClientSchema,
  rotateSecretSchema,
  updateClientSchema,
} from '@omnia/contracts/developer';
import { Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import type { DeveloperService } from './service';

interface Deps {
  guard: MiddlewareHandler<AppEnv>;
  /** A proof no older than ten minutes (step-up) for the secret, changes and deletion, after the guard. */
  fresh: MiddlewareHandler<AppEnv>;
  developer: DeveloperService;
  /** Reads a logo's upload for the route (storage's pictureUpload), counted against the account. */
  logoUpload: MiddlewareHandler<AppEnv>;
}

/** The guard, answering a missing sign-in with the SPEC's registration wording. */
function registrationGuard(guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      await guard(c, next);
    } catch (err) {
      if (err instanceof AppError && err.code === 'unauthenticated')
        throw new AppError('unauthenticated', { messageKey: 'mustBeLoggedInToRegister', cause: err });
      throw err;
    }
  };
}

/** /api/developer: the caller's own OAuth2 clients; anyone else's answer 404. */
export function developerRoutes({ guard, fresh, developer, logoUpload }: Deps) {
  return (
    new Hono<AppEnv>()
      .post('/logos', guard, logoUpload, async (c) => {
        const { bytes, name } = c.get('upload');
        return c.json(await developer.uploadLogo(c.get('userId'), bytes, name), 201);
      })
      .get('/clients', guard, async (c) => {
        const body: ClientListResponse = { clients: await developer.list(c.get('userId')) };
        return c.json(body);
      })
      .post('/clients', registrationGuard(guard), async (c) => {
        const input = await parseJson(c, registerClientSchema);
        const body: ClientResponse = { client: await developer.register(c.get('userId'), input) };
        return c.json(body, 201);
      })
      // Before /clients/:id, so 'newest' is not taken for an id.
      .get('/clients/newest', guard, async (c) => c.json(await developer.newestClientId(c.get('userId'))))
      .get('/clients/:id', guard, async (c) => {
        const body: ClientResponse = { client: await developer.get(c.get('userId'), c.req.param('id')) };
        return c.json(body);
      })
      // Changing an app asks 'Confirm it's you' (step-up): a stolen access token alone cannot
      // re-point it.
      .patch('/clients/:id', guard, fresh, async (c) => {
        const input = await parseJson(c, updateClientSchema);
        const body: ClientResponse = {
          client: await developer.edit(c.get('userId'), c.req.param('id'), input),
        };
        return c.json(body);
      })
      .delete('/clients/:id', guard, fresh, async (c) => {
        const input = await parseJson(c, deleteClientSchema);
        await developer.remove(c.get('userId'), c.req.param('id'), input);
        return c.body(null, 204);
      })
      .get('/clients/:id/secret', guard, fresh, async (c) =>
        c.json(await developer.revealSecret(c.get('userId'), c.req.param('id'), c.get('clientIp') ?? null)),
      )
      .post('/clients/:id/rotate-secret', guard, fresh, async (c) => {
        // The grace period is optional: a bare POST rotates at once, as before.
        const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding');
        const input = hasBody ? await parseJson(c, rotateSecretSchema) : {};
        return c.json(await developer.rotate(c.get('userId'), c.req.param('id'), input));
      })
      .get('/clients/:id/previous-secret', guard, async (c) =>
        c.json(await developer.previousSecret(c.get('userId'), c.req.param('id'))),
      )
      .delete('/clients/:id/previous-secret', guard, fresh, async (c) => {
        await developer.revokePreviousSecret(c.get('userId'), c.req.param('id'));
        return c.body(null, 204);
      })
      .get('/clients/:id/stats', guard, async (c) =>
        c.json(await developer.stats(c.get('userId'), c.req.param('id'))),
      )
      .get('/clients/:id/logout-deliveries', guard, async (c) =>
        c.json(await developer.logoutDeliveries(c.get('userId'), c.req.param('id'))),
      )
      .get('/clients/:id/errors', guard, async (c) =>
        c.json(await developer.errors(c.get('userId'), c.req.param('id'))),
      )
      .get('/clients/:id/history', guard, async (c) =>
        c.json(await developer.history(c.get('userId'), c.req.param('id'))),
      )
      .patch('/clients/:id/settings', guard, fresh, async (c) => {
        const settings = await parseJson(c, clientSettingsSchema);
        const body: ClientResponse = {
          client: await developer.updateSettings(c.get('userId'), c.req.param('id'), settings),
        };
        return c.json(body);
      })
  );
}
