import type {
  IdentityInput,
  Interest,
  Language,
  Preferences,
  PreferencesInput,
  Profile,
} from '@omnia/contracts';
import { sql } from 'kysely';
import { lockForTransaction } from '../../db/advisory-lock';
import type { Db } from '../../db/connect';

// Advisory lock class for one account's saves of its interests (with a hash of its id).
const INTERESTS_LOCK_CLASS = 7_236_017;

const PROFILE_COLUMNS = [
  'id',
  'full_name',
  'username',
  sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
  'bio',
  'avatar_url',
] as const;

type IdentityRow = Required<Pick<IdentityInput, 'full_name' | 'username' | 'date_of_birth'>> & {
  bio: string;
};

/** SQL for profiles, preferences, interests and service claims; every query is scoped to one user id. */
export function createProfilesRepo(db: Db) {
  return {
    findProfile(userId: string): Promise<Profile | undefined> {
      return db.selectFrom('profiles').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst();
    },
    upsertIdentity(userId: string, identity: IdentityRow): Promise<Profile> {
      return db
        .insertInto('profiles')
        .values({ id: userId, ...identity })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...identity, updated_at: sql`now()` }))
        .returning(PROFILE_COLUMNS)
        .executeTakeFirstOrThrow();
    },
    setAvatarUrl(userId: string, avatarUrl: string): Promise<void> {
      return db
        .insertInto('profiles')
        .values({ id: userId, avatar_url: avatarUrl })
        .onConflict((oc) => oc.column('id').doUpdateSet({ avatar_url: avatarUrl, updated_at: sql`now()` }))
        .execute()
        .then(() => undefined);
    },
    async usernameTakenByOther(username: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('profiles')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .where('id', '<>', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The person's full name, or undefined before the identity step. */
    /** The account with this username (any case), if any: usernames are public (profiles). */
    async idOfUsername(username: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('profiles')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },
    /** Public names (username, full name) of these accounts, by id. */
    async publicNamesOf(userIds: readonly string[]) {
      if (userIds.length === 0)
        return new Map<string, { username: string | null; full_name: string | null }>();
      const rows = await db
        .selectFrom('profiles')
        .select(['id', 'username', 'full_name'])
        .where('id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((r) => [r.id, { username: r.username, full_name: r.full_name }]));
    },
    async fullNameOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('profiles')
        .select('full_name')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.full_name?.trim() || undefined;
    },
    /** The language the user's e-mail is written in: their stored preference, if any. */
    async languageOf(userId: string): Promise<Language | undefined> {
      const row = await db
        .selectFrom('user_preferences')
        .select('language')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.language;
    },
    /** Stores the language chosen before sign-up as a new account's preference. */
    async initLanguage(userId: string, language: Language): Promise<void> {
      await db
        .insertInto('user_preferences')
        .values({ id: userId, language })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    /** Reads the preferences row, creating the default one when it is missing. */
    async preferences(userId: string): Promise<Preferences> {
      await db
        .insertInto('user_preferences')
        .values({ id: userId })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return db
        .selectFrom('user_preferences')
        .select(['id', 'theme', 'language'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },
    savePreferences(userId: string, prefs: PreferencesInput): Promise<Preferences> {
      return db
        .insertInto('user_preferences')
        .values({ id: userId, ...prefs })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...prefs, updated_at: sql`now()` }))
        .returning(['id', 'theme', 'language'])
        .executeTakeFirstOrThrow();
    },
    allInterests(): Promise<Interest[]> {
      return db.selectFrom('interests').select(['id', 'name']).orderBy('name').execute();
    },
    userInterests(userId: string): Promise<Interest[]> {
      return db
        .selectFrom('user_interests')
        .innerJoin('interests', 'interests.id', 'user_interests.interest_id')
        .select(['interests.id', 'interests.name'])
        .where('user_interests.user_id', '=', userId)
        .orderBy('interests.name')
        .execute();
    },
    /** Replaces the user's interests with the named ones; names not in the catalogue are skipped. */
    replaceInterests(userId: string, names: string[]): Promise<void> {
      return db.transaction().execute(async (trx) => {
        // Two saves at once (a double click, two tabs) take turns: the last one's set stays.
        await lockForTransaction(trx, INTERESTS_LOCK_CLASS, userId);
        await trx.deleteFrom('user_interests').where('user_id', '=', userId).execute();
        if (names.length === 0) return;
        await trx
          .insertInto('user_interests')
          .columns(['user_id', 'interest_id'])
          .expression(
            trx
              .selectFrom('interests')
              .select([sql<string>`${userId}::uuid`.as('user_id'), 'id as interest_id'])
              .where('name', 'in', names),
          )
          .execute();
      });
    },
    async claims(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('service_claims')
        .select('service_slug')
        .where('user_id', '=', userId)
        .orderBy('claimed_at')
        .execute();
      return rows.map((r) => r.service_slug);
    },
    /** Records a claim; false when the service was already claimed. */
    async addClaim(userId: string, slug: string): Promise<boolean> {
      const inserted = await db
        .insertInto('service_claims')
        .values({ user_id: userId, service_slug: slug })
        .onConflict((oc) => oc.columns(['user_id', 'service_slug']).doNothing())
        .returning('service_slug')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;

/**
 * Accounts' public names, as other modules look people up (members of an app, by username), on
 * the handle or transaction they are given.
 */
export const publicNames = {
  idOfUsername: (db: Db, username: string) => createProfilesRepo(db).idOfUsername(username),
  publicNamesOf: (db: Db, userIds: readonly string[]) => createProfilesRepo(db).publicNamesOf(userIds),
};
