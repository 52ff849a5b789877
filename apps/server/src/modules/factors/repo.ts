import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * Whether the account's authenticator app is on (confirmed, and not past a removal announced by a
 * password reset), as SQL, so a login reads it with the account in its first statement.
 */
export const totpOnFor = (userId: Expression<string>) =>
  sql<boolean>`exists (select 1 from totp_factors where user_id = ${userId} and confirmed_at is not null
    and (removal_after is null or removal_after > now()))`;

/** totp_factors and recovery_codes. Takes a Db or a transaction. */
export function createFactorsRepo(db: Db) {
  return {
    /** The account's address, for its notices (read-only; the accounts module owns users). */
    async emailOf(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email;
    },
    async totpOn(userId: string): Promise<boolean> {
      const row = await db.selectNoFrom(totpOnFor(sql.val(userId)).as('on')).executeTakeFirstOrThrow();
      return row.on;
    },
    totpOf(userId: string) {
      return db
        .selectFrom('totp_factors')
        .select(['secret', 'confirmed_at', 'created_at', 'removal_after'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** A new pending secret, replacing a pending one; never a confirmed one (undefined then). */
    async putPendingTotp(userId: string, sealed: string): Promise<boolean> {
      const row = await db
        .insertInto('totp_factors')
        .values({ user_id: userId, secret: sealed })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret: sealed, created_at: sql`now()`, last_step: null })
            .where('totp_factors.confirmed_at', 'is', null),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Turns the pending secret on with its first accepted step, once (one conditional statement). */
    async confirmTotp(userId: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('totp_factors')
        .set({ confirmed_at: sql`now()`, last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Accepts a code's time step if it is later than the last accepted one: of two requests with
     * the same code (on any instance), exactly one wins.
     */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('totp_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where(sql<boolean>`(last_step is null or last_step < ${step})`)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A password reset by e-mail: two-step turns off in `hours`, unless kept on. */
    async scheduleRemoval(userId: string, hours: number): Promise<Date | undefined> {
      const row = await db
        .updateTable('totp_factors')
        .set({ removal_after: sql`now() + (${hours}::int * interval '1 hour')` })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .where('removal_after', 'is', null)
        .returning('removal_after')
        .executeTakeFirst();
      return row?.removal_after ?? undefined;
    },
    async cancelRemoval(userId: string): Promise<boolean> {
      const row = await db
        .updateTable('totp_factors')
        .set({ removal_after: null })
        .where('user_id', '=', userId)
        .where('removal_after', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Second factors whose announced removal time has passed, with their recovery codes
     * (housekeeping; of one account only when `userId` is given).
     */
    async purgeRemoved(userId?: string): Promise<number> {
      // One statement: an app never goes without its codes (a new one must not inherit them).
      const { rows } = await sql<{ n: number }>`
        with gone as (
          delete from totp_factors
           where removal_after <= now() and (${userId ?? null}::uuid is null or user_id = ${userId ?? null}::uuid)
          returning user_id
        ), codes as (
          delete from recovery_codes where user_id in (select user_id from gone)
        )
        select count(*)::int as n from gone`.execute(db);
      return rows[0]?.n ?? 0;
    },
    async deleteTotp(userId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('totp_factors')
        .where('user_id', '=', userId)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
    },
    /**
     * Removes the second factors added at or after `since` (an e-mail change the owner cancelled:
     * whoever made it may have added their own): the authenticator app, passkeys and recovery codes
     * made since then; with no authenticator app left, the recovery codes go too. Returns what went.
     */
    async deleteAddedSince(userId: string, since: Date): Promise<('totp' | 'passkey' | 'recovery')[]> {
      const totp = await db
        .deleteFrom('totp_factors')
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .returning('user_id')
        .execute();
      const passkeys = await db
        .deleteFrom('passkeys')
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .returning('id')
        .execute();
      const left = await db
        .selectFrom('totp_factors')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      let codes = db.deleteFrom('recovery_codes').where('user_id', '=', userId);
      if (left) codes = codes.where('created_at', '>=', since);
      const recovery = await codes.returning('id').execute();
      return [
        ...(totp.length ? (['totp'] as const) : []),
        ...(passkeys.length ? (['passkey'] as const) : []),
        ...(recovery.length ? (['recovery'] as const) : []),
      ];
    },
    async deleteRecoveryCodes(userId: string): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },
    /** Uses a code once (one conditional statement); false when unknown or used. */
    async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
      const row = await db
        .updateTable('recovery_codes')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async recoveryCodesState(userId: string): Promise<{ remaining: number; created_at: Date | null }> {
      const row = await db
        .selectFrom('recovery_codes')
        .select([
          sql<string>`count(*) filter (where used_at is null)`.as('remaining'),
          sql<Date | null>`min(created_at)`.as('created_at'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { remaining: Number(row.remaining), created_at: row.created_at };
    },
  };
}
