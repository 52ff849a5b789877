import { type ClientSecurity, securityFrom } from '@omnia/contracts/client-security';
import type { AppType, ClientStatus } from '@omnia/contracts/constants';
import { APP_LINK_FIELDS, type OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { managedBy } from './managed-by-repo';
import type { ClientFields } from './review';
import { createClientSecretsRepo } from './secrets-repo';

/** Every column a client's owner may read: the sealed secret is never among them. */
const PUBLIC_COLUMNS = [
  'id',
  'app_type',
  'name',
  'description',
  'logo_url',
  'client_id',
  'redirect_uris',
  'allowed_scopes',
  'require_pkce',
  'post_logout_redirect_uris',
  'require_two_step',
  'backchannel_logout_uri',
  'security',
  'previous_secret_expires_at',
  'homepage_url',
  'privacy_url',
  'terms_url',
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
  app_type: AppType;
  /** Already sealed; null for a public client. */
  client_secret: string | null;
  redirect_uris: string[];
  allowed_scopes: string[];
  require_pkce: boolean;
  post_logout_redirect_uris: string[];
  require_two_step?: boolean;
  homepage_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
  status: ClientStatus;
  /**
   * Who registered it and alone knows its secret (the console's developer), or null when it was
   * handed to someone else at birth (a tool registering with an initial access token).
   */
  created_by: string | null;
}

/** A client as the operator sees it: with its owner's address (never the sealed secret). */
export interface ClientWithOwnerRow {
  client_id: string;
  name: string;
  description: string | null;
  status: ClientStatus;
  /** 'Published by' as last reviewed (oauth2_clients.publisher). */
  publisher: string | null;
  /** The owner's full name now: what an approval would make the publisher. */
  owner_name: string | null;
  owner_email: string;
  created_at: Date | string;
  logo_url: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  homepage_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
}

export const toIso = (value: Date | string): string => new Date(value).toISOString();

/** A client as stored; what waits for review is attached by the service (service.ts). */
function toClient(
  row: Omit<
    OAuthClient,
    'created_at' | 'updated_at' | 'pending_change' | 'previous_secret_expires_at' | 'security'
  > & {
    created_at: Date;
    updated_at: Date;
    previous_secret_expires_at: Date | null;
    security: Partial<ClientSecurity>;
  },
) {
  const graceEnds = row.previous_secret_expires_at;
  const client: OAuthClient = {
    ...row,
    security: securityFrom(row.security),
    // An ended grace period reads as none, whether or not housekeeping has cleared it yet.
    previous_secret_expires_at: graceEnds && graceEnds.getTime() > Date.now() ? toIso(graceEnds) : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    pending_change: null,
  };
  return client;
}

/** The owner's full name (profiles `p`), blank as null: what the consent screen may call the publisher. */
const ownerName = sql<string | null>`nullif(trim(p.full_name), '')`;

/**
 * SQL for oauth2_clients: the owners' and members' (every query on a client scoped to them), the
 * operator's, and the consent screen's look-ups by public client_id. Takes a Db or a transaction.
 */
export function createClientsRepo(db: Db) {
  const owned = (userId: string, id: string) =>
    db.selectFrom('oauth2_clients').where('id', '=', id).where(managedBy(userId));
  const withOwner = () =>
    db
      .selectFrom('oauth2_clients as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('profiles as p', 'p.id', 'c.user_id')
      .select([
        'c.client_id',
        'c.name',
        'c.description',
        'c.status',
        'c.publisher',
        ownerName.as('owner_name'),
        'u.email as owner_email',
        'c.created_at',
        'c.logo_url',
        'c.redirect_uris',
        'c.post_logout_redirect_uris',
        'c.homepage_url',
        'c.privacy_url',
        'c.terms_url',
      ]);
  return {
    ...createClientSecretsRepo(db),
    async insertClient(values: NewClientRow): Promise<OAuthClient> {
      // An app approved from the start (AUTO_APPROVE_CLIENTS: no review) is published by its owner.
      const publisher =
        values.status === 'approved'
          ? sql<string | null>`(select ${ownerName} from profiles p where p.id = ${values.user_id})`
          : null;
      const row = await db
        .insertInto('oauth2_clients')
        .values({ ...values, publisher })
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirstOrThrow();
      return toClient(row);
    },
    /** The apps a person owns or is a member of, newest first. */
    async listClients(userId: string): Promise<OAuthClient[]> {
      const rows = await db
        .selectFrom('oauth2_clients')
        .select(PUBLIC_COLUMNS)
        .where(managedBy(userId))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toClient);
    },
    async findClient(userId: string, id: string): Promise<OAuthClient | undefined> {
      const row = await owned(userId, id).select(PUBLIC_COLUMNS).executeTakeFirst();
      return row && toClient(row);
    },
    /** The owner of a client the caller manages, read without a lock; undefined when not the caller's. */
    async ownerOfManaged(userId: string, id: string): Promise<string | undefined> {
      return (await owned(userId, id).select('user_id').executeTakeFirst())?.user_id;
    },
    /** The owner of a client by its client_id, read without a lock. */
    async ownerOfClientId(clientId: string): Promise<string | undefined> {
      return (
        await db
          .selectFrom('oauth2_clients')
          .select('user_id')
          .where('client_id', '=', clientId)
          .executeTakeFirst()
      )?.user_id;
    },
    /**
     * An owned client, its row locked for the caller's transaction; undefined when not the caller's.
     * Writers lock through lock-app.ts, which holds the owner's account first.
     */
    async lockOwned(userId: string, id: string): Promise<(OAuthClient & { user_id: string }) | undefined> {
      const row = await owned(userId, id)
        .select([...PUBLIC_COLUMNS, 'user_id'])
        .forUpdate()
        .executeTakeFirst();
      return row && { ...toClient(row), user_id: row.user_id };
    },
    /** A client by its public client_id, its row locked (the operator's review). */
    async lockByClientId(clientId: string): Promise<(OAuthClient & { user_id: string }) | undefined> {
      const row = await db
        .selectFrom('oauth2_clients')
        .select([...PUBLIC_COLUMNS, 'user_id'])
        .where('client_id', '=', clientId)
        .forUpdate()
        .executeTakeFirst();
      return row && { ...toClient(row), user_id: row.user_id };
    },
    /** Writes a client's editable fields (by its id); the updated client. */
    async writeFields(id: string, fields: Partial<ClientFields>): Promise<OAuthClient> {
      const row = await db
        .updateTable('oauth2_clients')
        .set({
          ...fields,
          security: fields.security && JSON.stringify(fields.security),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirstOrThrow();
      return toClient(row);
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
    /**
     * Sets the status; false when no client has that client_id. Approval needs the app's homepage,
     * privacy policy and terms, checked in the same statement (its owner may be removing one).
     */
    async setStatus(clientId: string, status: ClientStatus, publisher?: string | null): Promise<boolean> {
      let update = db
        .updateTable('oauth2_clients')
        .set({ status, updated_at: sql`now()`, ...(publisher === undefined ? {} : { publisher }) })
        .where('client_id', '=', clientId);
      if (status === 'approved')
        for (const field of APP_LINK_FIELDS) update = update.where(field, 'is not', null);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The logos whose URL starts with `prefix` (one logo's URL, or a folder's) that an app shows or
     * waits to show (a change under review).
     */
    async logosShownUnder(prefix: string): Promise<string[]> {
      const { rows } = await sql<{ url: string }>`
        select logo_url as url from oauth2_clients where left(logo_url, ${prefix.length}) = ${prefix}
        union
        select after ->> 'logo_url' from oauth2_client_changes
         where state = 'pending' and left(after ->> 'logo_url', ${prefix.length}) = ${prefix}`.execute(db);
      return rows.map((r) => r.url);
    },
    /** The owner's full name now, blank as null (what approving the app makes its publisher). */
    async ownerNameOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('profiles as p')
        .select(ownerName.as('name'))
        .where('p.id', '=', userId)
        .executeTakeFirst();
      return row?.name ?? null;
    },
    /**
     * 'Published by' on the consent screen: an approved app's reviewed publisher; an app in testing
     * mode (only its owner and members use it) shows its owner's name as it is now.
     */
    async publisherOf(clientId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oauth2_clients as c')
        .leftJoin('profiles as p', 'p.id', 'c.user_id')
        .select(
          sql<string | null>`case when c.status = 'approved' then c.publisher else ${ownerName} end`.as(
            'name',
          ),
        )
        .where('c.client_id', '=', clientId)
        .executeTakeFirst();
      return row?.name ?? undefined;
    },
    /** What the consent screen shows and checks of a client, by its public client_id. */
    findByClientId(clientId: string) {
      return db
        .selectFrom('oauth2_clients')
        .select([
          'id',
          'user_id',
          'created_by',
          'name',
          'description',
          'logo_url',
          'status',
          'allowed_scopes',
          'client_id',
          'app_type',
          'require_two_step',
          'homepage_url',
          'privacy_url',
          'terms_url',
        ])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },
    /**
     * Redirect URIs of apps (not rejected) on this host (`prefix` is scheme://host), any case: the
     * host ends where the URI's port, path or query starts, so another host that merely begins
     * the same way (victim.example.evil.example) is not among them.
     */
    async redirectUrisOnHost(prefix: string): Promise<string[]> {
      const lower = prefix.toLowerCase();
      const { rows } = await sql<{ uri: string }>`
        select u.uri from oauth2_clients c, unnest(c.redirect_uris) as u(uri)
        where c.status <> 'rejected' and left(lower(u.uri), ${lower.length}) = ${lower}
          and substr(u.uri, ${lower.length + 1}, 1) in ('', '/', '?', ':')`.execute(db);
      return rows.map((r) => r.uri);
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
