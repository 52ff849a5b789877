import type { SecurityEventsResponse } from '@omnia/contracts/security';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { isEventId, type SecurityEventsRepo } from './repo';

const PAGE = 20;

/** GET /api/me/security-events?before=<id>: the caller's security activity, newest first, paged. */
export function securityEventsRoutes(guard: MiddlewareHandler<AppEnv>, repo: SecurityEventsRepo) {
  return new Hono<AppEnv>().get('/', guard, async (c) => {
    const before = c.req.query('before') ?? null;
    const cursor = before && isEventId(before) ? before : null;
    const rows = await repo.list(c.get('userId'), PAGE + 1, cursor);
    const events = rows.slice(0, PAGE);
    const body: SecurityEventsResponse = {
      events,
      next_before: rows.length > PAGE ? (events.at(-1)?.id ?? null) : null,
    };
    return c.json(body);
  });
}
