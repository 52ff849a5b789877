import type { Db } from '../../db/connect';
import type { ClientsService } from '../clients';
import type { ModuleParts } from '../contract';
import { ensureAdminKey } from './admin-key';
import { type AdminSigningKeys, adminRoutes } from './routes';
import { type AdminDecided, createAdminService } from './service';

/**
 * /api/admin: the operator's decisions on clients and the engine's signing keys; ensures
 * DATA_DIR/admin.key exists.
 */
export function createAdminModule(deps: {
  clients: ClientsService;
  onDecided: AdminDecided;
  /** A rejected app's grants and tokens end (in the rejection's transaction). */
  endGrants: (trx: Db, clientId: string) => Promise<void>;
  signingKeys: AdminSigningKeys;
  dataDir: string;
}): ModuleParts {
  const admin = createAdminService({
    clients: deps.clients,
    onDecided: deps.onDecided,
    endGrants: deps.endGrants,
  });
  const adminKey = ensureAdminKey(deps.dataDir);
  return { api: [{ path: '/admin', router: adminRoutes({ admin, keys: deps.signingKeys, adminKey }) }] };
}
