import type { ClientStatus } from '@omnia/contracts/constants';
import { AppError } from '../../errors';
import type { ClientsService } from '../clients';

/** One client as the operator sees it (GET /api/admin/clients and the admin CLI). */
export interface AdminClient {
  client_id: string;
  name: string;
  status: ClientStatus;
  owner_email: string;
  created_at: string;
}

export interface AdminClientListResponse {
  clients: AdminClient[];
}
export interface AdminClientResponse {
  client: AdminClient;
}

/** What an operator may decide about a client. */
export type AdminDecision = 'approve' | 'reject';
const DECISION_STATUS = { approve: 'approved', reject: 'rejected' } as const satisfies Record<
  AdminDecision,
  ClientStatus
>;

// Longer ids are never issued (the OAuth engine ignores them too).
const MAX_CLIENT_ID_LENGTH = 200;

/** The operator's decisions on OAuth2 clients. The engine reads the row per request: changes apply at once. */
export function createAdminService(deps: { clients: ClientsService }) {
  const { clients } = deps;
  const toClient = (row: Awaited<ReturnType<ClientsService['listWithOwners']>>[number]): AdminClient => ({
    client_id: row.client_id,
    name: row.name,
    status: row.status,
    owner_email: row.owner_email,
    created_at: new Date(row.created_at).toISOString(),
  });

  return {
    /** Every client, newest first. */
    async listClients(): Promise<AdminClient[]> {
      return (await clients.listWithOwners()).map(toClient);
    },

    /** Approves or rejects a client by its public client_id; not_found when there is none. */
    async decide(clientId: string, decision: AdminDecision): Promise<AdminClient> {
      if (clientId.length === 0 || clientId.length > MAX_CLIENT_ID_LENGTH) throw new AppError('not_found');
      if (!(await clients.setStatus(clientId, DECISION_STATUS[decision]))) throw new AppError('not_found');
      const row = await clients.findWithOwner(clientId);
      if (!row) throw new AppError('not_found');
      return toClient(row);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
