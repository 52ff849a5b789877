import type { ClientStatus } from '@omnia/contracts/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export interface AdminClientRow {
  client_id: string;
  name: string;
  status: ClientStatus;
  owner_email: string;
  created_at: Date | string;
}

/** SQL for the operator's view of OAuth2 clients (every owner's; the sealed secret is never read). */
export function createAdminRepo(db: Db) {
  const withOwner = () =>
    db
      .selectFrom('oauth2_clients as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.client_id', 'c.name', 'c.status', 'u.email as owner_email', 'c.created_at']);
  return {
    /** Every client, newest first. */
    listClients(): Promise<AdminClientRow[]> {
      return withOwner().orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
    },

    findClient(clientId: string): Promise<AdminClientRow | undefined> {
      return withOwner().where('c.client_id', '=', clientId).executeTakeFirst();
    },

    /** Sets the status; false when no client has that client_id. */
    async setStatus(clientId: string, status: ClientStatus): Promise<boolean> {
      const result = await db
        .updateTable('oauth2_clients')
        .set({ status, updated_at: sql`now()` })
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
