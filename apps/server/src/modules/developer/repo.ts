import type { ClientStatus, OAuthAction } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { createSecurityEventsRepo } from '../security/repo';
import { queryClientStats } from './stats';

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
  status: ClientStatus;
}

/** The settings an owner may change after registration; absent ones stay as they are. */
export interface ClientSettingsPatch {
  require_pkce?: boolean | undefined;
  post_logout_redirect_uris?: string[] | undefined;
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
 * Records one OAuth event for a client's statistics (`clientId` is the public client_id).
 * `createdAt` defaults to now(); tests and imports may back-date an event.
 */
export async function recordUsage(
  db: Db,
  clientId: string,
  action: OAuthAction,
  createdAt?: Date,
): Promise<void> {
  await db
    .insertInto('oauth2_usage_stats')
    .values({ client_id: clientId, action, ...(createdAt ? { created_at: createdAt } : {}) })
    .execute();
}

export interface UsageEvent {
  client_id: string;
  action: OAuthAction;
  created_at: Date;
}

/** Stores buffered usage events in one statement (see oauth/usage.ts). */
export async function recordUsageBatch(db: Db, events: readonly UsageEvent[]): Promise<void> {
  if (events.length)
    await db
      .insertInto('oauth2_usage_stats')
      .values([...events])
      .execute();
}

/** The public client_id of the user's newest client, or null (Settings' Client ID block). */
export async function findNewestClientIdForUser(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('oauth2_clients')
    .select('client_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

/** SQL for the Developer Program; every query on a client is scoped to its owner. */
export function createDeveloperRepo(db: Db) {
  const owned = (userId: string, id: string) =>
    db.selectFrom('oauth2_clients').where('id', '=', id).where('user_id', '=', userId);
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
    /** Replaces the sealed secret and records 'secret_rotated', in one transaction. */
    rotateSecret(userId: string, id: string, sealed: string): Promise<{ updated_at: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('oauth2_clients')
          .set({ client_secret: sealed, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returning(['client_id', 'name', 'updated_at'])
          .executeTakeFirst();
        if (!row) return undefined;
        await recordUsage(trx, row.client_id, 'secret_rotated');
        await createSecurityEventsRepo(trx).insert({
          userId,
          kind: 'client_secret_rotated',
          detail: { app: row.name },
        });
        return { updated_at: toIso(row.updated_at) };
      });
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
    newestClientId: (userId: string) => findNewestClientIdForUser(db, userId),
    /** Counts, JSON byAction and dates of an owned client (see stats.ts), or undefined. */
    async stats(userId: string, id: string) {
      const row = await queryClientStats(db, userId, id);
      return row && { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
    },
  };
}
export type DeveloperRepo = ReturnType<typeof createDeveloperRepo>;
