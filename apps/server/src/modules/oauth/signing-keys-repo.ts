import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export interface SigningKeyRow {
  jwk: string;
  activates_at: Date;
}

/** oidc_signing_keys: the engine's signing keys, sealed. */
export function createSigningKeysRepo(db: Db) {
  return {
    /** Every stored key, oldest activation first. */
    all(): Promise<SigningKeyRow[]> {
      return db
        .selectFrom('oidc_signing_keys')
        .select(['jwk', 'activates_at'])
        .orderBy('activates_at')
        .orderBy('id')
        .execute();
    },
    add(sealed: string, activatesAt: Date): Promise<unknown> {
      return db.insertInto('oidc_signing_keys').values({ jwk: sealed, activates_at: activatesAt }).execute();
    },
    /** Whether a scheduled rotation is due: no key activated within `days`, and none waits to. */
    async due(days: number): Promise<boolean> {
      const recent = await db
        .selectFrom('oidc_signing_keys')
        .select('id')
        .where('activates_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
        .executeTakeFirst();
      return recent === undefined;
    },
    /**
     * Adds a key only when no key activated within `days` and none waits to (a rotation that is
     * due); one at a time across instances (a transaction-scoped advisory lock). True when added.
     */
    async addIfDue(sealed: () => string, activatesAt: Date, days: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('oidc_signing_keys rotation'))`.execute(trx);
        const recent = await trx
          .selectFrom('oidc_signing_keys')
          .select('id')
          .where('activates_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
          .executeTakeFirst();
        if (recent) return false;
        await trx
          .insertInto('oidc_signing_keys')
          .values({ jwk: sealed(), activates_at: activatesAt })
          .execute();
        return true;
      });
    },
  };
}

/**
 * Deletes keys no token they signed can still be presented with: retired (a newer key activated)
 * more than `keepSeconds` ago. How many went.
 */
export async function purgeRetiredSigningKeys(db: Db, keepSeconds: number): Promise<number> {
  const gone = await db
    .deleteFrom('oidc_signing_keys as k')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('oidc_signing_keys as newer')
          .select('newer.id')
          .whereRef('newer.activates_at', '>', 'k.activates_at')
          .where('newer.activates_at', '<=', sql<Date>`now() - make_interval(secs => ${keepSeconds})`),
      ),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
