import {
  type AppRegistrationResponse,
  createRegistrationTokenSchema,
  type RegistrationTokensResponse,
} from '@omnia/contracts/registration';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../../http/context';
import { parseJson } from '../../../http/validate';
import type { Registrations } from './service';
import type { RegistrationTokens } from './tokens';

/**
 * /api/developer/registration-tokens: a developer's initial access tokens (making or revoking one
 * needs a fresh sign-in); /api/developer/clients/:id/registration: a registered app's access token.
 */
export function registrationTokenRoutes(deps: {
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  tokens: RegistrationTokens;
  registrations: Registrations;
}) {
  const { guard, fresh, tokens, registrations } = deps;
  return (
    new Hono<AppEnv>()
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
      })
      // An app a tool registered: whether its registration access token works, and ending it.
      .get('/clients/:id/registration', guard, async (c) => {
        const at = await registrations.statusFor(c.get('userId'), c.req.param('id'));
        const body: AppRegistrationResponse = { registered_at: at ? at.toISOString() : null };
        return c.json(body);
      })
      .delete('/clients/:id/registration', guard, fresh, async (c) => {
        await registrations.revokeFor(c.get('userId'), c.req.param('id'));
        return c.body(null, 204);
      })
  );
}
