import type { ConsentApi } from '@omnia/contracts/apis';
import type { ConnectedAppsResponse } from '@omnia/contracts/developer';
import { returnsTo } from '@omnia/contracts/redirect-uris';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { ClientsService, UsageRecorder } from '../clients';
import { securityLog } from '../security';
import { absoluteUrl } from './absolute-url';
import { deleteGrants, listConsentGrants } from './grants-repo';

/** The apps a user has authorized (Settings' Connected apps), and revoking one. */
export function createConnectedApps(deps: {
  db: Db;
  clients: ClientsService;
  publicUrl: string;
  recordUsage: UsageRecorder;
  /** A developer's API a consent names, with those scopes in its developer's words (the apis module). */
  describeApi: (identifier: string, scopes: readonly string[]) => Promise<ConsentApi | undefined>;
  /** The person revoked the app (inside that transaction): the app gets a logout token. */
  onRevoked: (trx: Db, accountId: string, clientId: string) => Promise<void>;
  /** Holds the app for the transaction (the clients module's holdApps). */
  holdApp: (trx: Db, clientId: string) => Promise<unknown>;
}) {
  const { db, clients } = deps;

  /** The APIs a consent grants, those that still exist, with their granted scopes in words. */
  async function apisOf(resources: Record<string, string> | undefined): Promise<ConsentApi[]> {
    const apis: ConsentApi[] = [];
    for (const [identifier, scope] of Object.entries(resources ?? {})) {
      const api = await deps.describeApi(identifier, scope.split(' ').filter(Boolean));
      if (api?.scopes.length) apis.push(api);
    }
    return apis;
  }
  return {
    /** One entry per consent grant whose client still exists, newest first. */
    async list(accountId: string): Promise<ConnectedAppsResponse> {
      const grants = await listConsentGrants(db, accountId);
      const ids = [...new Set(grants.flatMap((g) => (g.client_id ? [g.client_id] : [])))];
      const byId = new Map((await clients.summaries(ids)).map((c) => [c.client_id, c]));
      const apps: ConnectedAppsResponse['apps'] = [];
      for (const g of grants) {
        const client = g.client_id ? byId.get(g.client_id) : undefined;
        if (!client) continue;
        const payload = g.payload as {
          iat?: number;
          openid?: { scope?: string };
          resources?: Record<string, string>;
        };
        apps.push({
          client_id: client.client_id,
          name: client.name,
          logo_url: absoluteUrl(deps.publicUrl, client.logo_url) ?? null,
          redirect_host: redirectHost(client.redirect_uris),
          scopes: (payload.openid?.scope ?? '').split(' ').filter(Boolean),
          apis: await apisOf(payload.resources),
          since: new Date((payload.iat ?? 0) * 1000).toISOString(),
        });
      }
      return { apps: apps.sort((a, b) => b.since.localeCompare(a.since)) };
    },

    /** Revokes the user's grants to a client and every token issued from them; not_found without any. */
    async revoke(accountId: string, clientId: string, from: { ip: string | null }): Promise<void> {
      const [client] = await clients.summaries([clientId]);
      const revoked = await db.transaction().execute(async (trx) => {
        // The app first, as its deletion takes it before its grants: the two wait, never deadlock.
        await deps.holdApp(trx, clientId);
        const count = await deleteGrants(trx, accountId, clientId);
        if (count > 0) await deps.onRevoked(trx, accountId, clientId);
        if (count > 0)
          await securityLog.record(trx, {
            userId: accountId,
            kind: 'app_revoked',
            detail: { app: client?.name ?? clientId },
            ip: from.ip,
          });
        return count;
      });
      if (!revoked) throw new AppError('not_found');
      deps.recordUsage(clientId, 'revoke');
    },
  };
}
export type ConnectedApps = ReturnType<typeof createConnectedApps>;

/** Where the app sends people back (its first redirect URI's host), so the person knows which app it is. */
function redirectHost(uris: readonly string[]): string | null {
  return uris[0] ? returnsTo(uris[0]) : null;
}
