import type { ActiveSessionsResponse } from '@omnia/contracts/security';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { createSecurityEventsRepo } from '../security/repo';
import type { SessionsEnded } from './sessions';
import type { SessionsRepo } from './sessions-repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /api/me/sessions: the caller's live sessions, and signing one (or all the others) out. A signed
 * out session's refresh token and access tokens stop working at once (the verifier checks it).
 */
export function activeSessionsRoutes(deps: {
  db: Db;
  guard: MiddlewareHandler<AppEnv>;
  repo: SessionsRepo;
  onSessionsEnded: SessionsEnded;
}) {
  const events = createSecurityEventsRepo(deps.db);
  return new Hono<AppEnv>()
    .use(deps.guard)
    .get('/', async (c) => {
      const current = c.get('sessionId');
      const rows = await deps.repo.listActiveSessions(c.get('userId'));
      const body: ActiveSessionsResponse = {
        sessions: rows
          .map((r) => ({
            id: r.id,
            device: (r.device ?? 'Unknown') as ActiveSessionsResponse['sessions'][number]['device'],
            os: (r.os ?? 'Unknown') as ActiveSessionsResponse['sessions'][number]['os'],
            ip: r.ip,
            created_at: new Date(r.created_at).toISOString(),
            last_active_at: new Date(r.last_active_at).toISOString(),
            current: r.id === current,
          }))
          .sort((a, b) => Number(b.current) - Number(a.current)),
      };
      return c.json(body);
    })
    .post('/sign-out-others', async (c) => {
      const userId = c.get('userId');
      const signedOut = await deps.repo.revokeUserSessions(userId, c.get('sessionId'));
      if (signedOut > 0) await deps.onSessionsEnded(userId);
      if (signedOut > 0)
        await events.insert({
          userId,
          kind: 'other_sessions_signed_out',
          detail: { count: signedOut },
          ip: c.get('clientIp'),
        });
      return c.json({ signed_out: signedOut });
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      const userId = c.get('userId');
      if (!UUID.test(id) || !(await deps.repo.revokeOwnSession(userId, id))) throw new AppError('not_found');
      await deps.onSessionsEnded(userId);
      await events.insert({ userId, kind: 'session_signed_out', ip: c.get('clientIp') });
      return c.body(null, 204);
    });
}
