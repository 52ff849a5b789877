import type { ConnectedAppsResponse } from '@omnia/contracts/developer';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { absoluteUrl } from './account-claims';
import { listConnectedApps, revokeGrants } from './grants';
import type { UsageRecorder } from './usage';

/** /api/me/connected-apps: the apps the caller authorized, and Revoke (grant and its tokens). */
export function connectedAppsRoutes(deps: {
  db: Db;
  guard: MiddlewareHandler<AppEnv>;
  publicUrl: string;
  recordUsage: UsageRecorder;
}) {
  return new Hono<AppEnv>()
    .use(deps.guard)
    .get('/', async (c) => {
      const apps = await listConnectedApps(deps.db, c.get('userId'));
      const body: ConnectedAppsResponse = {
        apps: apps
          .map((a) => ({ ...a, logo_url: absoluteUrl(deps.publicUrl, a.logo_url) ?? null }))
          .sort((a, b) => b.since.localeCompare(a.since)),
      };
      return c.json(body);
    })
    .delete('/:clientId', async (c) => {
      const clientId = c.req.param('clientId');
      const revoked = await revokeGrants(deps.db, c.get('userId'), clientId);
      if (!revoked) throw new AppError('not_found');
      deps.recordUsage(clientId, 'revoke');
      return c.body(null, 204);
    });
}
