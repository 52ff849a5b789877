import type { RegistrationToken } from '@omnia/contracts/registration';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect';

const TOKEN_COLUMNS = [
  'id',
  'label',
  'uses',
  'max_uses',
  'expires_at',
  'last_used_at',
  'created_at',
] as const;

const iso = (value: Date | string) => new Date(value).toISOString();

function toToken(row: {
  id: string;
  label: string;
  uses: number;
  max_uses: number;
  expires_at: Date;
  last_used_at: Date | null;
  created_at: Date;
}): RegistrationToken {
  return {
    ...row,
    expires_at: iso(row.expires_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
    created_at: iso(row.created_at),
  };
}

/** The SQL of initial access tokens and registration access tokens. */
export function createRegistrationRepo(db: Db) {
  return {
    /** A developer's tokens that still register, newest first. */
    async liveTokens(userId: string): Promise<RegistrationToken[]> {
      const rows = await db
        .selectFrom('registration_tokens')
        .select(TOKEN_COLUMNS)
        .where('user_id', '=', userId)
        .where('expires_at', '>', sql<Date>`now()`)
        .whereRef('uses', '<', 'max_uses')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toToken);
    },
    /**
     * A new token, unless the developer holds `limit` live ones already: the count and the insert
     * run under a lock on the developer's row, so two racing creations cannot pass it.
     */
    async insertToken(
      values: { userId: string; label: string; hash: string; maxUses: number; days: number },
      limit: number,
    ): Promise<RegistrationToken | 'limit'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', values.userId).forUpdate().execute();
        const { live } = await trx
          .selectFrom('registration_tokens')
          .select((eb) => eb.fn.countAll<string>().as('live'))
          .where('user_id', '=', values.userId)
          .where('expires_at', '>', sql<Date>`now()`)
          .whereRef('uses', '<', 'max_uses')
          .executeTakeFirstOrThrow();
        if (Number(live) >= limit) return 'limit';
        const row = await trx
          .insertInto('registration_tokens')
          .values({
            user_id: values.userId,
            label: values.label,
            token_hash: values.hash,
            max_uses: values.maxUses,
            expires_at: sql<Date>`now() + make_interval(days => ${values.days})`,
          })
          .returning(TOKEN_COLUMNS)
          .executeTakeFirstOrThrow();
        return toToken(row);
      });
    },
    /** Removes one of the developer's tokens; false when it is not theirs. */
    async deleteToken(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('registration_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** Whether a token would register now (checked before the request's metadata is read). */
    async isLive(hash: string): Promise<boolean> {
      const row = await db
        .selectFrom('registration_tokens')
        .select('id')
        .where('token_hash', '=', hash)
        .where('expires_at', '>', sql<Date>`now()`)
        .whereRef('uses', '<', 'max_uses')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Takes one use of a live token, in one conditional statement (two tools racing for its last
     * use: one gets it); the developer it registers for, or undefined.
     */
    async takeUse(hash: string): Promise<{ id: string; user_id: string; label: string } | undefined> {
      return db
        .updateTable('registration_tokens')
        .set({ uses: sql<number>`uses + 1`, last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', hash)
        .where('expires_at', '>', sql<Date>`now()`)
        .whereRef('uses', '<', 'max_uses')
        .returning(['id', 'user_id', 'label'])
        .executeTakeFirst();
    },
    /** Gives a use back (the registration it was taken for failed). */
    async returnUse(id: string): Promise<void> {
      await db
        .updateTable('registration_tokens')
        .set({ uses: sql<number>`greatest(uses - 1, 0)` })
        .where('id', '=', id)
        .execute();
    },
    async saveAccessToken(clientId: string, hash: string, userId: string): Promise<void> {
      await db
        .insertInto('client_registrations')
        .values({ client_id: clientId, access_token_hash: hash, user_id: userId })
        .execute();
    },
    /** The app a registration access token manages and who registered it, or undefined. */
    async registrationOf(hash: string): Promise<{ client_id: string; user_id: string } | undefined> {
      return db
        .selectFrom('client_registrations')
        .select(['client_id', 'user_id'])
        .where('access_token_hash', '=', hash)
        .executeTakeFirst();
    },
    /** When a tool registered the app, while its registration access token is kept; undefined otherwise. */
    async registeredAt(clientId: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('client_registrations')
        .select('created_at')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.created_at;
    },
    /**
     * Replaces a registration access token (RFC 7592 §2.2 lets each update issue a new one), in
     * one conditional statement: of two updates racing with one token, one gets the new token.
     */
    async rotateAccessToken(oldHash: string, newHash: string): Promise<boolean> {
      const result = await db
        .updateTable('client_registrations')
        .set({ access_token_hash: newHash })
        .where('access_token_hash', '=', oldHash)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

/** Deletes tokens that expired a day ago or more (used-up ones stay listed until then); the count. */
export async function purgeRegistrationTokens(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('registration_tokens')
    .where('expires_at', '<=', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether a registration access token still manages the app, its row locked until the caller's
 * transaction ends: a revocation or an update racing with it waits, or has already won.
 */
export async function holdRegistration(trx: Db, hash: string, clientId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('client_registrations')
    .select('client_id')
    .where('access_token_hash', '=', hash)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Every initial access token of the account, live or not, without its value ('Download your data'). */
export async function registrationTokensOf(db: Db, userId: string): Promise<RegistrationToken[]> {
  const rows = await db
    .selectFrom('registration_tokens')
    .select(TOKEN_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toToken);
}

/**
 * Ends every initial access token of the account, and the registration access tokens of the apps
 * registered with one since then, in the caller's transaction: the cancel link took the account
 * back, and whoever held it meanwhile may have made a token and registered apps with it, whose
 * tokens would go on managing them in its name. Its developer makes a new initial access token; an
 * app registered earlier keeps its tool (nobody but the tool ever saw that token).
 */
export async function endRegistrationTokensOf(trx: Db, userId: string, since: Date): Promise<void> {
  await trx.deleteFrom('registration_tokens').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('client_registrations')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .execute();
}

/**
 * Ends an app's registration access token (the app stays), in the caller's transaction: 'Revoke the
 * tool's access', or an app handed to another developer (the token acted for the one who
 * registered it, and must not work again if the app is handed back). False when it had none.
 */
export async function endRegistration(trx: Db, clientId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('client_registrations')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
