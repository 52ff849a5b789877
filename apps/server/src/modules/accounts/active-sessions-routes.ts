import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ActiveSessions } from './active-sessions';

/** /api/me/sessions: the caller's live sessions, and signing one (or all the others) out. */
export function activeSessionsRoutes(deps: { guard: MiddlewareHandler<AppEnv>; sessions: ActiveSessions }) {
  const { sessions } = deps;
  return new Hono<AppEnv>()
    .use(deps.guard)
    .get('/', async (c) => c.json(await sessions.list(c.get('userId'), c.get('sessionId'))))
    .post('/sign-out-others', async (c) => {
      const signedOut = await sessions.signOutOthers(
        c.get('userId'),
        c.get('sessionId'),
        c.get('clientIp') ?? null,
      );
      return c.json({ signed_out: signedOut });
    })
    .delete('/:id', async (c) => {
      await sessions.signOut(c.get('userId'), c.req.param('id'), c.get('clientIp') ?? null);
      return c.body(null, 204);
    });
}
