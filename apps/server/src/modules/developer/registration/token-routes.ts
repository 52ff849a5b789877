import {
  createRegistrationTokenSchema,
  type RegistrationTokensResponse,
} from '@omnia/contracts/registration';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../../http/context';
import { parseJson } from '../../../http/validate';
import type { RegistrationTokens } from './tokens';

/** /api/developer/registration-tokens: a developer's initial access tokens (making or revoking one needs a fresh sign-in). */
export function registrationTokenRoutes(deps: {
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  tokens: RegistrationTokens;
}) {
  const { guard, fresh, tokens } = deps;
  return new Hono<AppEnv>()
    .get('/registration-tokens', guard, async (c) => {
      const body: RegistrationTokensResponse = { tokens: await tokens.list(c.get('userId')) };
      return c.json(body);
    })
    .post('/registration-tokens', guard, fresh, async (c) => {
      const input = await parseJson(c, createRegistrationTokenSchema);
      return c.json(await tokens.create(c.get('userId'), input), 201);
    })
    .delete('/registration-tokens/:id', guard, fresh, async (c) => {
      await tokens.revoke(c.get('userId'), c.req.param('id'));
      return c.body(null, 204);
    });
}
