import type { ApiScope } from '@omnia/contracts/apis';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export interface ApiRow {
  id: string;
  user_id: string;
  name: string;
  identifier: string;
  scopes: ApiScope[];
  credential_id: string;
  created_at: Date;
  updated_at: Date;
}
export interface AccessRow {
  api_id: string;
  client_id: string;
  scopes: string[];
  app_name: string | null;
}

const API_COLUMNS = [
  'id',
  'user_id',
  'name',
  'identifier',
  'scopes',
  'credential_id',
  'created_at',
  'updated_at',
] as const;

/** SQL for oauth2_apis and oauth2_api_access: every owner's query is scoped to the owner. */
export function createApisRepo(db: Db) {
  const owned = (userId: string, id: string) =>
    db.selectFrom('oauth2_apis').where('id', '=', id).where('user_id', '=', userId);
  return {
    insert(values: {
      user_id: string;
      name: string;
      identifier: string;
      scopes: ApiScope[];
      credential_id: string;
      credential_secret_hash: string;
    }): Promise<ApiRow> {
      return db
        .insertInto('oauth2_apis')
        .values({ ...values, scopes: JSON.stringify(values.scopes) })
        .returning(API_COLUMNS)
        .executeTakeFirstOrThrow();
    },
    listOwned(userId: string): Promise<ApiRow[]> {
      return db
        .selectFrom('oauth2_apis')
        .select(API_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    findOwned: (userId: string, id: string): Promise<ApiRow | undefined> =>
      owned(userId, id).select(API_COLUMNS).executeTakeFirst(),
    byIdentifier: (identifier: string): Promise<ApiRow | undefined> =>
      db
        .selectFrom('oauth2_apis')
        .select(API_COLUMNS)
        .where('identifier', '=', identifier)
        .executeTakeFirst(),
    /** An API by identifier, its row held for share in the caller's transaction (an edit waits). */
    held(identifier: string) {
      return db
        .selectFrom('oauth2_apis')
        .select(['id', 'user_id', 'scopes'])
        .where('identifier', '=', identifier)
        .forShare()
        .executeTakeFirst();
    },
    /**
     * Locks an owner's APIs (all, or these) for the caller's transaction, in the order a consent
     * holds them (identifier, byte order): two never wait for each other the other way round.
     */
    async lockInOrder(userId: string, ids?: readonly string[]): Promise<void> {
      let query = db.selectFrom('oauth2_apis').select('id').where('user_id', '=', userId);
      if (ids) query = query.where('id', 'in', [...ids]);
      await query.orderBy(sql`identifier collate "C"`).forUpdate().execute();
    },
    byCredential: (credentialId: string) =>
      db
        .selectFrom('oauth2_apis')
        .select([...API_COLUMNS, 'credential_secret_hash'])
        .where('credential_id', '=', credentialId)
        .executeTakeFirst(),
    /** An owned API's scopes as they are, its row locked for the caller's transaction (an edit). */
    async scopesForUpdate(userId: string, id: string): Promise<ApiScope[] | undefined> {
      const row = await db
        .selectFrom('oauth2_apis')
        .select('scopes')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row?.scopes;
    },
    /**
     * New name and scopes; every app's allowance keeps only scopes the API still has, in the same
     * statement's transaction (the caller's).
     */
    async update(userId: string, id: string, name: string, scopes: ApiScope[]): Promise<ApiRow | undefined> {
      const row = await db
        .updateTable('oauth2_apis')
        .set({ name, scopes: JSON.stringify(scopes), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(API_COLUMNS)
        .executeTakeFirst();
      if (!row) return undefined;
      const names = scopes.map((s) => s.name);
      await db
        .updateTable('oauth2_api_access')
        .set({
          scopes: sql<string[]>`array(select unnest(scopes) intersect select unnest(${names}::text[]))`,
        })
        .where('api_id', '=', id)
        .execute();
      await db
        .deleteFrom('oauth2_api_access')
        .where('api_id', '=', id)
        .where(sql<boolean>`cardinality(scopes) = 0`)
        .execute();
      return row;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const done = await db
        .deleteFrom('oauth2_apis')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return done.numDeletedRows > 0n;
    },
    async replaceSecret(userId: string, id: string, hash: string): Promise<boolean> {
      const done = await db
        .updateTable('oauth2_apis')
        .set({ credential_secret_hash: hash, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return done.numUpdatedRows > 0n;
    },
    accessOf(apiIds: readonly string[]): Promise<AccessRow[]> {
      if (!apiIds.length) return Promise.resolve([]);
      return (
        db
          .selectFrom('oauth2_api_access as a')
          .leftJoin('oauth2_clients as c', 'c.client_id', 'a.client_id')
          // A name only once the app is published: a Client ID must not tell the API's owner the name
          // of someone's app in the making (the consent screen shows it to its owner alone till then).
          .select([
            'a.api_id',
            'a.client_id',
            'a.scopes',
            sql<string | null>`case when c.status = 'approved' then c.name end`.as('app_name'),
          ])
          .where('a.api_id', 'in', apiIds)
          .orderBy('a.created_at')
          .execute()
      );
    },
    /** The scopes an app may get of an API, or undefined when it is not listed. */
    async allowedScopes(apiId: string, clientId: string): Promise<string[] | undefined> {
      const row = await db
        .selectFrom('oauth2_api_access')
        .select('scopes')
        .where('api_id', '=', apiId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.scopes;
    },
    upsertAccess(apiId: string, clientId: string, scopes: string[]) {
      return db
        .insertInto('oauth2_api_access')
        .values({ api_id: apiId, client_id: clientId, scopes })
        .onConflict((oc) =>
          oc.columns(['api_id', 'client_id']).doUpdateSet({ scopes, created_at: sql<Date>`now()` }),
        )
        .execute();
    },
    /**
     * Deletes what the owner's APIs allowed other apps, or widened, since then; the API and the app
     * of each (the cancel link: whoever held the account may have let their own app in).
     */
    removeAccessSince(userId: string, since: Date): Promise<{ identifier: string; client_id: string }[]> {
      return db
        .deleteFrom('oauth2_api_access as a')
        .using('oauth2_apis as p')
        .whereRef('p.id', '=', 'a.api_id')
        .where('p.user_id', '=', userId)
        .where('a.created_at', '>=', since)
        .returning(['p.identifier', 'a.client_id'])
        .execute();
    },
    removeAccess(apiId: string, clientId: string) {
      return db
        .deleteFrom('oauth2_api_access')
        .where('api_id', '=', apiId)
        .where('client_id', '=', clientId)
        .execute();
    },
  };
}
