import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ActiveSessions } from './active-sessions';

/** GET /api/me/session-logs: the caller's recent sign-ins, newest first. */
export function sessionLogsRoutes(guard: MiddlewareHandler<AppEnv>, sessions: ActiveSessions) {
  return new Hono<AppEnv>().get('/', guard, async (c) =>
    c.json(await sessions.recentSignIns(c.get('userId'))),
  );
}
