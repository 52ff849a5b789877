import type { SessionLog, SessionLogsResponse } from '@omnia/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';

const LIMIT = 20;

/** GET /api/me/session-logs: the caller's recent sign-ins, newest first. */
export function sessionLogsRoutes(
  guard: MiddlewareHandler<AppEnv>,
  list: (userId: string, limit: number) => Promise<SessionLog[]>,
) {
  return new Hono<AppEnv>().get('/', guard, async (c) => {
    const body: SessionLogsResponse = { logs: await list(c.get('userId'), LIMIT) };
    return c.json(body);
  });
}
