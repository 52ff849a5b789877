import type { ResetLinkState } from '@omnia/contracts';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { EmailTokenPurpose } from './tables';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  created_at: Date;
}

const USER_COLUMNS = ['id', 'email', 'password_hash', 'email_confirmed_at', 'created_at'] as const;

/** A used e-mail link: whose it is, and the nonce hash of the browser that asked for it. */
export interface ConsumedEmailToken {
  userId: string;
  email: string;
  browserNonceHash: string | null;
}

/** Users and one-time e-mail tokens. Takes a Db or a transaction. */
export function createAccountsRepo(db: Db) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return this.userByEmail(email).executeTakeFirst();
    },
    /**
     * The account with this address, if it was created at or before `at` (timestamptz text), with
     * the nonce hash of the browser whose sign-up set its password.
     */
    findUserByEmailCreatedBy(
      email: string,
      at: string,
    ): Promise<(UserRow & { signup_nonce_hash: string | null }) | undefined> {
      return this.userByEmail(email)
        .select('signup_nonce_hash')
        .where('created_at', '<=', sql<Date>`${at}::timestamptz`)
        .forShare()
        .executeTakeFirst();
    },
    /** The same lookup as a query, to be read inside another statement (a login's reservation). */
    userByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`) satisfies Expression<UserRow>;
    },
    /**
     * An address as the database tells accounts apart (lower(), as the unique index): JavaScript's
     * toLowerCase differs for some letters (ΟΔΥΣΣΕΥΣ ends in ς there, in σ here), and a counter
     * named by it could be shared by two accounts.
     */
    async addressKey(email: string): Promise<string> {
      const [key] = await this.addressKeys([email]);
      return key ?? email.trim();
    },
    /** addressKey of several addresses in one statement, in their order. */
    async addressKeys(emails: readonly string[]): Promise<string[]> {
      const trimmed = emails.map((email) => email.trim());
      const { rows } = await sql<{ key: string }>`
        select lower(address) as key
        from unnest(${trimmed}::text[]) with ordinality as given(address, position)
        order by position`.execute(db);
      return rows.map((row) => row.key);
    },
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /**
     * Inserts a user, with the nonce hash of the browser signing up; undefined when the address is
     * taken (regardless of case).
     */
    insertUser(email: string, passwordHash: string, signupNonceHash: string): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ email, password_hash: passwordHash, signup_nonce_hash: signupNonceHash })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(USER_COLUMNS)
        .executeTakeFirst();
    },
    async confirmEmail(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ email_confirmed_at: sql`coalesce(email_confirmed_at, now())`, updated_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
    /**
     * An unverified account taken by a new sign-up, in one conditional statement (a verification
     * committing meanwhile wins): its password, the nonce hash of the browser signing up, and its
     * address as the sign-up typed it (lower() folds spellings no mailbox shares, İ onto i: the
     * link must go where the person who signed up reads mail). The account as it is now;
     * undefined once verified.
     */
    replaceUnverified(
      userId: string,
      email: string,
      passwordHash: string,
      signupNonceHash: string,
    ): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({
          email,
          password_hash: passwordHash,
          signup_nonce_hash: signupNonceHash,
          updated_at: sql`now()`,
        })
        .where('id', '=', userId)
        .where('email_confirmed_at', 'is', null)
        .returning(USER_COLUMNS)
        .executeTakeFirst();
    },
    /** Moves the account to `to` only while its address is still `from`; false when it changed meanwhile. */
    async moveEmail(userId: string, from: string, to: string): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ email: to, updated_at: sql`now()` })
        .where('id', '=', userId)
        .where('email', '=', from)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async setEmail(userId: string, email: string): Promise<void> {
      await db.updateTable('users').set({ email, updated_at: sql`now()` }).where('id', '=', userId).execute();
    },
    /**
     * Holds the account for the rest of the transaction: against its deletion (a key-share lock,
     * which a deletion waits for), or against any write of it (`changes`: a share lock, which a
     * password reset or change waits for too). False when it is gone.
     */
    async holdUser(userId: string, against: 'deletion' | 'changes' = 'deletion'): Promise<boolean> {
      const query = db.selectFrom('users').select('id').where('id', '=', userId);
      const held = against === 'changes' ? query.forShare() : query.forKeyShare();
      return (await held.executeTakeFirst()) !== undefined;
    },
    /**
     * Locks the account against every other change of its password for the transaction (FOR NO
     * KEY UPDATE, first in a transaction that writes it): a reset, a change and a sign-out of the
     * other sessions take it before anything else, so two of them queue instead of deadlocking.
     * With `passwordHash`, only while the password is still that one. False when it is not (gone).
     */
    async lockForPasswordChange(userId: string, passwordHash?: string): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('id', '=', userId);
      if (passwordHash !== undefined) query = query.where('password_hash', '=', passwordHash);
      return (await query.forNoKeyUpdate().executeTakeFirst()) !== undefined;
    },
    /** Whose a link is (unused or not), read without a lock; undefined for an unknown one. */
    async emailTokenOwner(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const row = await db
        .selectFrom('email_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      return row?.user_id;
    },
    /**
     * Locks the account for its deletion, first in that transaction: anything holding it
     * (holdUser) finishes before, and anything asking after finds it gone. Its password hash as it
     * is now (undefined: gone).
     */
    async lockForDeletion(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row?.password_hash;
    },
    /** Deletes the account; its rows in every other table go with it (foreign keys cascade). */
    async deleteUser(userId: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
    /** Deletes the account only while it is unverified, in one statement; false when it is verified by now. */
    async deleteUnverifiedUser(userId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('users')
        .where('id', '=', userId)
        .where('email_confirmed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Holds the account for the transaction while its password is still the one just checked
     * (`passwordHash`); false once it changed. A reset, change or cancel updating it meanwhile is
     * waited for, so a sign-in checked against the old password opens nothing after it ended
     * every session; one that commits first is ended by it (each updates the row before ending
     * sessions).
     */
    async holdPassword(userId: string, passwordHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('password_hash', '=', passwordHash)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Holds the account against writes for the transaction (a share lock, where holdUser's only
     * keeps the key): a reset, change or cancel writing the row meanwhile is waited for, and one
     * that commits after this transaction ends what it opened (each writes the row first).
     */
    async holdUnchanged(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
    },
    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
    async insertEmailToken(row: {
      tokenHash: string;
      userId: string;
      purpose: EmailTokenPurpose;
      ttlSeconds: number;
      browserNonceHash?: string;
    }): Promise<void> {
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          purpose: row.purpose,
          expires_at: sql`now() + (${row.ttlSeconds}::int * interval '1 second')`,
          browser_nonce_hash: row.browserNonceHash ?? null,
        })
        .execute();
    },
    /**
     * Marks a live token used and returns its user; undefined if unknown, expired or already used.
     * The conditional update makes it single-use even under concurrent clicks.
     */
    async consumeEmailToken(
      tokenHash: string,
      purpose: EmailTokenPurpose,
    ): Promise<ConsumedEmailToken | undefined> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning([
          'user_id',
          'browser_nonce_hash',
          sql<string>`(select email from users where users.id = email_tokens.user_id)`.as('email'),
        ])
        .executeTakeFirst();
      return row && { userId: row.user_id, email: row.email, browserNonceHash: row.browser_nonce_hash };
    },
    /** A link's state, read without using it (the consume above stays the only way to use one). */
    async emailTokenState(tokenHash: string, purpose: EmailTokenPurpose): Promise<ResetLinkState> {
      return (await this.emailTokenInfo(tokenHash, purpose)).state;
    },
    /** A link's state with whose it is and the nonce hash of the browser that asked for it. */
    async emailTokenInfo(
      tokenHash: string,
      purpose: EmailTokenPurpose,
    ): Promise<{ state: ResetLinkState; email: string | null; browserNonceHash: string | null }> {
      const row = await db
        .selectFrom('email_tokens')
        .innerJoin('users', 'users.id', 'email_tokens.user_id')
        .select([
          'email_tokens.used_at',
          'email_tokens.browser_nonce_hash',
          'users.email',
          sql<boolean>`email_tokens.expires_at > now()`.as('live'),
        ])
        .where('email_tokens.token_hash', '=', tokenHash)
        .where('email_tokens.purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return { state: 'invalid', email: null, browserNonceHash: null };
      const state = row.used_at ? 'used' : row.live ? 'valid' : 'expired';
      return { state, email: row.email, browserNonceHash: row.browser_nonce_hash };
    },
    /** Retires the user's other outstanding links of that purpose. */
    async invalidateEmailTokens(userId: string, purpose: EmailTokenPurpose): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
    async purgeEmailTokens(): Promise<number> {
      const result = await db
        .deleteFrom('email_tokens')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', sql<Date>`now()`)]))
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
