import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { managedBy } from './managed-by-repo';

const owned = (db: Db, userId: string, id: string) =>
  db.selectFrom('oauth2_clients').where('id', '=', id).where(managedBy(userId));

/**
 * SQL for a client's secrets: the current one (sealed) and the previous one while its grace period
 * after a rotation lasts. Part of the clients repository (repo.ts); takes a Db or a transaction.
 */
export function createClientSecretsRepo(db: Db) {
  return {
    /**
     * The apps the account registered in the console since then, or whose keys (security profile)
     * changed since then, stop being its own registration (`created_by`, which an API's owner
     * trusts with every scope); their client_ids.
     */
    async forgetTrustSince(userId: string, since: Date): Promise<string[]> {
      const rows = await db
        .updateTable('oauth2_clients')
        .set({ created_by: null })
        .where('created_by', '=', userId)
        .where((eb) =>
          eb.or([
            eb('created_at', '>=', since),
            eb.exists(
              eb
                .selectFrom('oauth2_client_changes as ch')
                .select(sql<number>`1`.as('one'))
                .whereRef('ch.client_id', '=', 'oauth2_clients.client_id')
                .where(sql<boolean>`'security' = any(ch.fields)`)
                .where('ch.created_at', '>=', since),
            ),
          ]),
        )
        .returning('client_id')
        .execute();
      return rows.map((r) => r.client_id);
    },
    /**
     * The apps the account manages whose history has a change of one of these fields since then
     * (whoever made it, and whether that account still exists): their ids. Gaining a member or
     * changing hands ('members', 'owner'): someone else may have read their secret.
     */
    async changedSince(userId: string, since: Date, fields: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('oauth2_clients')
        .select('id')
        .where(managedBy(userId))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('oauth2_client_changes as ch')
              .select(sql<number>`1`.as('one'))
              .whereRef('ch.client_id', '=', 'oauth2_clients.client_id')
              .where(sql<boolean>`ch.fields && ${sql.val([...fields])}::text[]`)
              .where('ch.created_at', '>=', since),
          ),
        )
        .execute();
      return rows.map((r) => r.id);
    },
    /** An owned client's sealed secret; undefined when it is not the caller's or has none. */
    async findSealedSecret(userId: string, id: string): Promise<string | undefined> {
      const row = await owned(db, userId, id).select('client_secret').executeTakeFirst();
      return row?.client_secret ?? undefined;
    },
    /**
     * Replaces an owned client's sealed secret; the replaced one keeps working for `graceSeconds`
     * (0: not at all). Undefined when the client is not the caller's or has no secret.
     */
    replaceSecret(userId: string, id: string, sealed: string, graceSeconds: number) {
      const keep = graceSeconds > 0;
      return db
        .updateTable('oauth2_clients')
        .set({
          client_secret: sealed,
          // The right-hand side reads the row as it was: the secret being replaced.
          previous_secret: keep ? sql<string>`client_secret` : null,
          previous_secret_expires_at: keep ? sql<Date>`now() + make_interval(secs => ${graceSeconds})` : null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where(managedBy(userId))
        .where('client_secret', 'is not', null)
        .returning(['client_id', 'name', 'updated_at', 'previous_secret_expires_at'])
        .executeTakeFirst();
    },
    /** Ends an owned client's previous secret now; undefined when it had none that still worked. */
    dropPreviousSecret(userId: string, id: string) {
      return db
        .updateTable('oauth2_clients')
        .set({ previous_secret: null, previous_secret_expires_at: null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where(managedBy(userId))
        .where('previous_secret_expires_at', '>', sql<Date>`now()`)
        .returning(['client_id', 'name', 'updated_at'])
        .executeTakeFirst();
    },
    /** Drops the sealed previous secrets whose grace period has ended (housekeeping); how many. */
    async clearEndedPreviousSecrets(): Promise<number> {
      const cleared = await db
        .updateTable('oauth2_clients')
        .set({ previous_secret: null, previous_secret_expires_at: null })
        .where('previous_secret_expires_at', '<=', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(cleared.numUpdatedRows);
    },
    /** A client's previous secret (sealed) while its grace period lasts, by public client_id. */
    async livePreviousSecret(clientId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oauth2_clients')
        .select('previous_secret')
        .where('client_id', '=', clientId)
        .where('previous_secret_expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.previous_secret ?? undefined;
    },
    /** An owned client's previous secret's end and its last use since then; undefined when none works. */
    async previousSecretOf(userId: string, id: string) {
      return owned(db, userId, id)
        .where('previous_secret_expires_at', '>', sql<Date>`now()`)
        .select([
          'previous_secret_expires_at as expires_at',
          // Since the rotation that made it the previous one (a usage event of its own).
          sql<Date | null>`(select max(u.created_at) from oauth2_usage_stats u
            where u.client_id = oauth2_clients.client_id and u.action = 'old_secret_used'
              and u.created_at >= (select max(r.created_at) from oauth2_usage_stats r
                where r.client_id = oauth2_clients.client_id and r.action = 'secret_rotated'))`.as(
            'last_used_at',
          ),
        ])
        .executeTakeFirst();
    },
  };
}
