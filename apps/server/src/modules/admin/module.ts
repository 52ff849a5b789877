import type { ClientsService } from '../clients/service';
import { ensureAdminKey } from './admin-key';
import { adminRoutes } from './routes';
import { createAdminService } from './service';

/** Wires /api/admin: ensures DATA_DIR/admin.key exists and builds the router over the clients. */
export function createAdminModule(deps: { clients: ClientsService; dataDir: string }) {
  const admin = createAdminService({ clients: deps.clients });
  const adminKey = ensureAdminKey(deps.dataDir);
  return { router: () => adminRoutes({ admin, adminKey }) };
}
