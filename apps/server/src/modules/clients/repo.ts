import type { ClientStatus } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** Every column a client's owner may read: the sealed secret is never among them. */
const PUBLIC_COLUMNS = [
  'id',
  'name',
  'description',
  'logo_url',
  'client_id',
  'redirect_uris',
  'allowed_scopes',
  'require_pkce',
  'post_logout_redirect_uris',
  'require_two_step',
  'status',
  'created_at',
  'updated_at',
] as const;

export interface NewClientRow {
  user_id: string;
  name: string;
  description: string | null;
  logo_url: string | null;
  client_id: string;
  /** Already sealed. */
  client_secret: string;
  redirect_uris: string[];
  allowed_scopes: string[];
  require_pkce: boolean;
  post_logout_redirect_uris: string[];
  require_two_step?: boolean;
  status: ClientStatus;
}

/** What an owner edits of a client after registration (name, description, logo, URIs, scopes). */
export interface ClientDetailsPatch {
  name: string;
  description: string | null;
  logo_url: string | null;
  redirect_uris: string[];
  allowed_scopes: string[];
}

/** The settings an owner may change after registration; absent ones stay as they are. */
export interface ClientSettingsPatch {
  require_pkce?: boolean | undefined;
  post_logout_redirect_uris?: string[] | undefined;
  require_two_step?: boolean | undefined;
}

/** A client as the operator sees it: with its owner's address (never the sealed secret). */
export interface ClientWithOwnerRow {
  client_id: string;
  name: string;
  status: ClientStatus;
  owner_email: string;
  created_at: Date | string;
}

export const toIso = (value: Date | string): string => new Date(value).toISOString();

function toClient(
  row: Omit<OAuthClient, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date },
) {
  const client: OAuthClient = {
    ...row,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
  return client;
}

/**
 * SQL for oauth2_clients: the owners' (every query on a client scoped to its owner), the
 * operator's, and the consent screen's look-ups by public client_id. Takes a Db or a transaction.
 */
export function createClientsRepo(db: Db) {
  const owned = (userId: string, id: string) =>
    db.selectFrom('oauth2_clients').where('id', '=', id).where('user_id', '=', userId);
  const withOwner = () =>
    db
      .selectFrom('oauth2_clients as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.client_id', 'c.name', 'c.status', 'u.email as owner_email', 'c.created_at']);
  return {
    async insertClient(values: NewClientRow): Promise<OAuthClient> {
      const row = await db
        .insertInto('oauth2_clients')
        .values(values)
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirstOrThrow();
      return toClient(row);
    },
    async listClients(userId: string): Promise<OAuthClient[]> {
      const rows = await db
        .selectFrom('oauth2_clients')
        .select(PUBLIC_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toClient);
    },
    async findClient(userId: string, id: string): Promise<OAuthClient | undefined> {
      const row = await owned(userId, id).select(PUBLIC_COLUMNS).executeTakeFirst();
      return row && toClient(row);
    },
    async findSealedSecret(userId: string, id: string): Promise<string | undefined> {
      const row = await owned(userId, id).select('client_secret').executeTakeFirst();
      return row?.client_secret;
    },
    /** Replaces an owned client's sealed secret; undefined when it is not the caller's. */
    replaceSecret(userId: string, id: string, sealed: string) {
      return db
        .updateTable('oauth2_clients')
        .set({ client_secret: sealed, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['client_id', 'name', 'updated_at'])
        .executeTakeFirst();
    },
    /**
     * Replaces an owned client's details; undefined when it is not the caller's. Returns the logo
     * it had before, so a replaced logo can be removed from storage.
     */
    async updateDetails(
      userId: string,
      id: string,
      details: ClientDetailsPatch,
    ): Promise<{ client: OAuthClient; previousLogo: string | null } | undefined> {
      const before = await owned(userId, id).select('logo_url').forUpdate().executeTakeFirst();
      if (!before) return undefined;
      const row = await db
        .updateTable('oauth2_clients')
        .set({ ...details, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirst();
      return row && { client: toClient(row), previousLogo: before.logo_url };
    },
    /** Deletes every client of an owner and their usage history; their client_ids. */
    async deleteAllOf(userId: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('oauth2_clients')
        .where('user_id', '=', userId)
        .returning('client_id')
        .execute();
      const ids = rows.map((r) => r.client_id);
      if (ids.length) {
        await db.deleteFrom('oauth2_usage_stats').where('client_id', 'in', ids).execute();
        await db.deleteFrom('oauth2_usage_totals').where('client_id', 'in', ids).execute();
      }
      return ids;
    },
    /** Deletes an owned client and its usage history; what it was, or undefined when not the caller's. */
    async deleteOwned(userId: string, id: string) {
      const row = await db
        .deleteFrom('oauth2_clients')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['client_id', 'name', 'logo_url'])
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('oauth2_usage_stats').where('client_id', '=', row.client_id).execute();
      await db.deleteFrom('oauth2_usage_totals').where('client_id', '=', row.client_id).execute();
      return row;
    },
    /** Changes an owned client's settings in one statement; undefined when it is not the caller's. */
    async updateSettings(
      userId: string,
      id: string,
      patch: ClientSettingsPatch,
    ): Promise<OAuthClient | undefined> {
      const row = await db
        .updateTable('oauth2_clients')
        .set({
          ...(patch.require_pkce === undefined ? {} : { require_pkce: patch.require_pkce }),
          ...(patch.require_two_step === undefined ? {} : { require_two_step: patch.require_two_step }),
          ...(patch.post_logout_redirect_uris === undefined
            ? {}
            : { post_logout_redirect_uris: patch.post_logout_redirect_uris }),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirst();
      return row && toClient(row);
    },
    /** The public client_id of the user's newest client, or null (Settings' Client ID block). */
    async newestClientId(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('oauth2_clients')
        .select('client_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.client_id ?? null;
    },

    /** Every client with its owner, newest first (the operator's list). */
    listWithOwners(): Promise<ClientWithOwnerRow[]> {
      return withOwner().orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
    },
    findWithOwner(clientId: string): Promise<ClientWithOwnerRow | undefined> {
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

    /** What the consent screen shows and checks of a client, by its public client_id. */
    findByClientId(clientId: string) {
      return db
        .selectFrom('oauth2_clients')
        .select([
          'id',
          'user_id',
          'name',
          'description',
          'logo_url',
          'status',
          'allowed_scopes',
          'client_id',
          'require_two_step',
        ])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },
    /** Name and logo of the given clients (Connected apps); unknown ids are left out. */
    summaries(clientIds: readonly string[]) {
      if (!clientIds.length) return Promise.resolve([]);
      return db
        .selectFrom('oauth2_clients')
        .select(['client_id', 'name', 'logo_url', 'redirect_uris'])
        .where('client_id', 'in', [...clientIds])
        .execute();
    },
  };
}
